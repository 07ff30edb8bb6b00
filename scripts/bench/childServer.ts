// A benchmark floor server in its own process (replayServer.ts, searchFloorServer.ts): started on
// a free port, ready once it writes a line "listening" (other output, such as a log line, is not
// taken for it), stopped with SIGTERM.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from './serverProcess';

export interface ChildServer {
  baseUrl: string;
  stop(): Promise<void>;
}

const REPO_ROOT = resolve(__dirname, '../..');

/** `args(port)`: node's arguments; `cleanup` runs once the child has exited. */
export async function startChildServer(options: { name: string; args: (port: number) => string[]; env?: NodeJS.ProcessEnv; cleanup?: () => void }): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, options.args(port), { cwd: REPO_ROOT, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    options.cleanup?.();
  };
  try {
    await new Promise<void>((ready, fail) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.split('\n').includes('listening')) ready();
      });
      child.once('exit', (code) => fail(new Error(`the ${options.name} exited with code ${code} before listening`)));
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl: `http://127.0.0.1:${port}`, stop };
}
