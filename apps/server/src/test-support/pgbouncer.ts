import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '@animal-store/testing/free-port';
import pg from 'pg';

/** Debian's pgbouncer package installs it here. */
const PGBOUNCER = '/usr/sbin/pgbouncer';

/** Why PgBouncer tests cannot run here, or undefined when they can; under CI they must run. */
export function pgBouncerUnavailable(): string | undefined {
  const reason = !process.env.TEST_DATABASE_URL
    ? 'TEST_DATABASE_URL is not set'
    : !existsSync(PGBOUNCER)
      ? `${PGBOUNCER} is missing (apt-get install pgbouncer)`
      : undefined;
  if (reason && process.env.CI) throw new Error(`CI must test through PgBouncer, but ${reason}.`);
  return reason;
}

export interface PgBouncer {
  /** e.g. postgres://postgres@127.0.0.1:6543 (no database) */
  origin: string;
  stop(): Promise<void>;
}

/**
 * Starts Debian's pgbouncer in transaction pooling mode in front of the PostgreSQL of `upstreamUrl`, as the
 * `postgres` user (pgbouncer refuses to run as root). Every database name is passed through (`*`), so that each
 * test can have a database of its own: PgBouncer 1.18 refuses the `options` startup parameter that the other tests
 * use to pick a schema, and ignoring it would put every test in the same schema.
 */
export async function startPgBouncer(upstreamUrl: string): Promise<PgBouncer> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await startPgBouncerOn(await freePort(), upstreamUrl);
    } catch (error) {
      // Another suite's server may take the port between freePort() finding it and pgbouncer binding it.
      if (!(error instanceof PortTakenError) || attempt >= 3) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function startPgBouncerOn(port: number, upstreamUrl: string): Promise<PgBouncer> {
  const upstream = new URL(upstreamUrl);
  const directory = mkdtempSync(join(tmpdir(), 'animal-store-pgbouncer-'));
  chmodSync(directory, 0o777);
  writeFileSync(join(directory, 'users.txt'), '"postgres" ""\n');
  writeFileSync(
    join(directory, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${upstream.hostname} port=${upstream.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${directory}`,
      'auth_type = trust',
      `auth_file = ${join(directory, 'users.txt')}`,
      'pool_mode = transaction',
      'default_pool_size = 5',
      'max_client_conn = 1000',
      // Test databases are dropped after each file; connections to them must not linger.
      'server_idle_timeout = 5',
      '',
    ].join('\n'),
  );
  const config = join(directory, 'pgbouncer.ini');
  const asRoot = execFileSync('id', ['-u']).toString().trim() === '0';
  const child: ChildProcess = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', PGBOUNCER, config], { stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(PGBOUNCER, [config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `postgres://postgres@127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(directory, { recursive: true, force: true });
  };

  for (let attempt = 0; ; attempt++) {
    const probe = new pg.Client({ connectionString: `${origin}${upstream.pathname}` });
    try {
      await probe.connect();
      await probe.query('select 1');
      await probe.end();
      return { origin, stop };
    } catch (error) {
      await probe.end().catch(() => undefined);
      // PgBouncer does not exit when its TCP port is taken: it says so and serves its Unix socket only.
      const portTaken = /Address already in use/.test(output);
      if (attempt >= 50 || child.exitCode !== null || portTaken) {
        await stop();
        const message = `pgbouncer did not start: ${(error as Error).message}\n${output}`;
        throw portTaken ? new PortTakenError(message) : new Error(message);
      }
      await sleep(100);
    }
  }
}
