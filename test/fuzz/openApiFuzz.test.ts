// schemathesis (a fuzzer nobody here wrote) over every operation of /v1/openapi.json, run by
// scripts/fuzz/run-schemathesis.sh against a fresh embedded server. It runs inside the jest suite
// so that `npm test` is the one test command and its summary the one summary a CI log carries.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const SCRIPT = resolve(__dirname, '../../scripts/fuzz/run-schemathesis.sh');
/** The script's time cap (FUZZ_MAX_TIME, 180 s) plus installing schemathesis and starting the server. */
const TIMEOUT_MS = 8 * 60_000;
/** Operations the document had when this was written (every one but the signed `/r/` redirect); a
 *  run that reaches fewer has lost operations, not found nothing. */
const FEWEST_OPERATIONS = 70;

interface FuzzRun { status: number | null; output: string }

function runFuzz(): Promise<FuzzRun> {
  return new Promise((done, fail) => {
    const child = spawn('bash', [SCRIPT], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', fail);
    child.on('close', (status) => done({ status, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

test('every operation of the OpenAPI document holds under schemathesis: no 5xx, no answer outside its documented schema, none unreached', async () => {
  const run = await runFuzz();
  // The whole report when the run fails: the assertion message is where jest shows it.
  expect({ status: run.status, report: run.status === 0 ? 'passed' : run.output }).toEqual({ status: 0, report: 'passed' });
  const summary = /fuzz: (\d+) operations, (\d+) failed, (\d+) errors, (\d+) not reached/.exec(run.output);
  expect(summary).not.toBeNull();
  const [operations, failed, errors, unreached] = summary!.slice(1).map(Number);
  expect({ failed, errors, unreached }).toEqual({ failed: 0, errors: 0, unreached: 0 });
  expect(operations).toBeGreaterThanOrEqual(FEWEST_OPERATIONS);
}, TIMEOUT_MS);
