// A real engine (redis-server, java ...) running as a child process in its own process group,
// so that stopping it also stops anything it forked. Every live group is killed when the test
// process exits, including after a failed test or an aborted run.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';

export interface EngineProcess {
  readonly name: string;
  readonly pid: number;
  /** Resolves with the exit code (or signal name) when the process has gone. */
  readonly exited: Promise<string>;
  /** True once the process has exited. */
  hasExited(): boolean;
  /** The last few kilobytes of stdout and stderr, for error messages. */
  output(): string;
  /** SIGTERM to the group, SIGKILL after `graceMs`; resolves once the process has gone. */
  stop(graceMs?: number): Promise<void>;
}

export interface SpawnOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Keep stdin open as a pipe: engines that exit on end of input then die with the test process. */
  stdinPipe?: boolean;
  /** Also append everything the process prints to this file (the fleet's logs). */
  logFile?: string;
}

const OUTPUT_LIMIT = 16 * 1024;
const liveGroups = new Set<number>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // 'exit' handlers must be synchronous: a plain SIGKILL to each group is all that fits.
  process.once('exit', () => {
    for (const pid of liveGroups) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is already gone
  }
}

export function spawnEngine(name: string, command: string, args: string[], options: SpawnOptions = {}): EngineProcess {
  installExitHook();
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true, // own process group: kill(-pid) reaches the engine and its children
    stdio: [options.stdinPipe ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  let buffered = '';
  const log = options.logFile ? createWriteStream(options.logFile, { flags: 'a' }) : undefined;
  const keep = (chunk: Buffer) => {
    buffered = (buffered + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
    log?.write(chunk);
  };
  child.once('close', () => log?.end());
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let done = false;
  const exited = new Promise<string>((resolve) => {
    child.once('error', (error) => {
      done = true;
      if (child.pid) liveGroups.delete(child.pid);
      buffered += `\n${error.message}`;
      resolve(`error: ${error.message}`);
    });
    child.once('exit', (code, signal) => {
      done = true;
      if (child.pid) liveGroups.delete(child.pid);
      resolve(signal ?? String(code));
    });
  });
  if (child.pid === undefined) {
    // spawn failed synchronously (binary missing); `exited` reports it.
    return {
      name,
      pid: -1,
      exited,
      hasExited: () => true,
      output: () => buffered,
      stop: async () => {
        await exited;
      },
    };
  }
  const pid = child.pid;
  liveGroups.add(pid);
  return {
    name,
    pid,
    exited,
    hasExited: () => done,
    output: () => buffered,
    async stop(graceMs = 10_000) {
      if (done) return;
      signalGroup(pid, 'SIGTERM');
      child.stdin?.end();
      let timer: NodeJS.Timeout | undefined;
      const forced = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          signalGroup(pid, 'SIGKILL');
          resolve();
        }, graceMs);
      });
      await Promise.race([exited, forced]);
      clearTimeout(timer);
      await exited;
      // Children that outlived the leader still belong to the group.
      signalGroup(pid, 'SIGKILL');
    },
  };
}

/** Polls `probe` until it returns true, the process dies, or `timeoutMs` passes. */
export async function waitUntilReady(
  engine: EngineProcess,
  probe: () => Promise<boolean>,
  timeoutMs: number,
  intervalMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (engine.hasExited()) {
      throw new Error(`${engine.name} exited before it was ready (${await engine.exited}):\n${engine.output()}`);
    }
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) {
      await engine.stop(2_000);
      throw new Error(`${engine.name} did not answer within ${timeoutMs} ms:\n${engine.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
