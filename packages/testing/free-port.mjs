import { createServer } from 'node:net';

// Plain JavaScript, typed by free-port.d.mts: the bench runs it from its build under node, which loads no TypeScript
// from another package on every supported Node.

/**
 * A loopback port nothing listens on right now, for a process whose address must be known before it starts (a
 * store whose URL goes in its own configuration, PgBouncer, a bench contender that cannot report the port it took).
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
