import { createServer } from 'node:net';

/**
 * A loopback port that is free now. Every contender is given its port rather than asked for one, because
 * json-server and the baselines have no way to report a port they picked themselves.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
