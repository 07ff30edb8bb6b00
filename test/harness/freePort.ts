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
