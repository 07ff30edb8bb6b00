// Starts searchFloorServer.ts in its own process (see there) with the scenarios' requests and
// the index queries the API runs for them.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Scenario } from './benchScenarios';
import { replayKey, type ReplayServer } from './replayServer';
import type { FloorRequest } from './searchFloorServer';
import { freePort } from './serverProcess';

const REPO_ROOT = resolve(__dirname, '../..');

async function floorRequests(scenarios: Scenario[]): Promise<FloorRequest[]> {
  const requests: FloorRequest[] = [];
  for (const scenario of scenarios) {
    const queries = await scenario.indexQueries();
    scenario.requests.forEach((request, i) => {
      // Consumer bodies say their page size (10 by default); listing queries already ask for one page.
      const pageSize = request.body !== undefined ? ((JSON.parse(request.body) as { limit?: number }).limit ?? 10) : queries[i].limit;
      requests.push({ key: replayKey(request.method, request.path, request.body), query: queries[i], pageSize });
    });
  }
  return requests;
}

/** `env`: the API server's environment (engine settings, DATA_DIR). */
export async function startSearchFloor(scenarios: Scenario[], env: NodeJS.ProcessEnv): Promise<ReplayServer> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  const file = join(dir, 'requests.json');
  writeFileSync(file, JSON.stringify(await floorRequests(scenarios)));
  const port = await freePort();
  // One process (node --import tsx), so SIGTERM reaches the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/searchFloorServer.ts', file, String(port)], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((ready, fail) => {
      child.stdout?.once('data', () => ready());
      child.once('exit', (code) => fail(new Error(`the search floor server exited with code ${code} before listening`)));
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl: `http://127.0.0.1:${port}`, stop };
}
