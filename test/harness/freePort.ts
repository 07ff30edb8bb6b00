// A loopback port nobody listens on right now. There is a small window between closing the probe
// and the engine binding it; the engine harnesses retry with a fresh port when the bind loses.
import { createServer } from 'node:net';

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error('could not read the probe port'))));
    });
  });
}

/**
 * Starts something on a fresh free port, trying a few ports: another process may take the
 * probed port between the probe and the bind. Returns the engine and the port it got.
 */
export async function launchOnFreePort<T>(launch: (port: number) => Promise<T>, host = '127.0.0.1', attempts = 3): Promise<{ engine: T; port: number }> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const port = await freePort(host);
    try {
      return { engine: await launch(port), port };
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}
