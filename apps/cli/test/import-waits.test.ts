import { rm, writeFile } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { storedPets } from '@animal-store/testing/seed';
import {
  STORE_API_KEY,
  type StoreOptions,
  type StoreProcess,
  startStore,
} from '@animal-store/testing/store-process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { folderInRepo, runCheckoutCli } from './support/checkout.js';
import { closedPort, envFor, runCli } from './support/run-cli.js';

let folder: string;
let servers: StoreProcess[];
let relays: Array<() => Promise<void>>;
beforeEach(async () => {
  folder = await folderInRepo();
  servers = [];
  relays = [];
});
afterEach(async () => {
  await Promise.all(relays.map((close) => close()));
  await Promise.all(servers.map((server) => server.stop()));
  await rm(folder, { recursive: true, force: true });
});

async function serve(options: StoreOptions = {}): Promise<StoreProcess> {
  const server = await startStore(options);
  servers.push(server);
  return server;
}

/** Opens `port` as a plain TCP relay to `target`'s port, closed after the test. */
async function forward(port: number, target: URL): Promise<void> {
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
  relays.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => relay.close(resolve));
  });
}

async function writeRows(name: string, count: number): Promise<string> {
  const rows = Array.from({ length: count }, (_, index) =>
    JSON.stringify({ name: `Row ${index + 1}`, categoryId: 1 }),
  );
  await writeFile(join(folder, name), `${rows.join('\n')}\n`);
  return name;
}

/** A second key, so that looking at the store does not spend the importing key's rate limit. */
const OBSERVER_KEY = 'observer-key-0123456789';

const summary = (created: number, replayed: number) =>
  `${JSON.stringify({ total: 30, created, replayed, failed: 0, failures: [] }, null, 2)}\n`;

const WAIT_LINE =
  /^import: rate_limited \(HTTP 429\): More than 20 requests a minute with this API key\. Waiting \d+ s as the server asks, then resending\.$/;

describe('an import larger than the key’s rate limit', () => {
  it('waits out the limit and resends: all 30 rows land with exit 0, and a re-run creates nothing', async () => {
    const server = await serve({ env: { RATE_LIMIT_PER_MINUTE: '20' }, extraApiKeys: [OBSERVER_KEY] });
    const file = await writeRows('thirty.ndjson', 30);
    const run = () => runCheckoutCli(['pets', 'import', file], { env: envFor(server), cwd: folder });

    const first = await run();
    expect(first.stdout).toStrictEqual(summary(30, 0));
    expect(first.code).toStrictEqual(0);
    const progress = first.stderr.trimEnd().split('\n');
    expect(progress.filter((line) => WAIT_LINE.test(line))).toHaveLength(1);
    expect(progress.filter((line) => !WAIT_LINE.test(line))).toStrictEqual(
      Array.from(
        { length: 10 },
        (_, index) => `import: ${(index + 1) * 3}/30 rows, ${(index + 1) * 3} created, 0 replayed, 0 failed`,
      ),
    );
    const stored = await storedPets(server, OBSERVER_KEY);
    expect(stored.map((pet) => pet.name).sort()).toStrictEqual(
      Array.from({ length: 30 }, (_, index) => `Row ${index + 1}`).sort(),
    );

    const second = await run();
    expect(second.stdout).toStrictEqual(summary(0, 30));
    expect(second.code).toStrictEqual(0);
    expect(second.stderr.trimEnd().split('\n').at(-1)).toStrictEqual(
      'import: 30/30 rows, 0 created, 30 replayed, 0 failed',
    );
    expect(await storedPets(server, OBSERVER_KEY)).toStrictEqual(stored);
  }, 200_000);
});

describe('an import while the server cannot be reached', () => {
  it('resends a refused row with backoff until the server is up, creating it once', async () => {
    // The store starts first, however long that takes on a busy machine; its address opens, in this process and
    // at once, when the CLI reports its first refused attempt, so the resends find it whatever the timers do.
    const server = await serve({ extraApiKeys: [OBSERVER_KEY] });
    const port = await closedPort();
    const file = join(folder, await writeRows('late.ndjson', 3));
    const env = { ANIMAL_STORE_URL: `http://127.0.0.1:${port}/v1`, ANIMAL_STORE_API_KEY: STORE_API_KEY };
    let reported = '';
    let opened: Promise<void> | undefined;
    const importing = runCli(['pets', 'import', file, '--concurrency', '1'], {
      env,
      onStderr: (text) => {
        reported += text;
        if (reported.includes('Resending in')) opened ??= forward(port, new URL(server.baseUrl));
      },
    });

    const result = await importing;
    expect(opened).toBeDefined();
    expect(result.code).toStrictEqual(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ total: 3, created: 3, replayed: 0, failed: 0 });
    expect(result.stderr).toMatch(
      new RegExp(
        `^import: line 1: cannot reach the Animal Store at http://127\\.0\\.0\\.1:${port}/v1 \\(ECONNREFUSED\\)\\. Resending in \\d s \\(attempt 2 of 5\\)\\.\\n`,
      ),
    );
    expect((await storedPets(server, OBSERVER_KEY)).map((pet) => pet.name)).toStrictEqual([
      'Row 1',
      'Row 2',
      'Row 3',
    ]);
  }, 60_000);

  it('gives a row up after five attempts, reports it failed and stops with exit 3', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}/v1`;
    const file = join(folder, await writeRows('never.ndjson', 4));
    const result = await runCli(['pets', 'import', file, '--concurrency', '1'], {
      env: { ANIMAL_STORE_URL: baseUrl, ANIMAL_STORE_API_KEY: STORE_API_KEY },
    });
    const unreachable = `cannot reach the Animal Store at ${baseUrl} (ECONNREFUSED)`;
    expect(result.code).toStrictEqual(3);
    expect(result.stdout).toStrictEqual('');
    expect(result.stderr.split('\n').slice(-4)).toStrictEqual([
      'import stopped: 0 created, 0 replayed, 1 failed, 3 not sent',
      `  line 1: unreachable: ${unreachable}`,
      `error: ${unreachable.replace(')', '; gave up after 5 attempts)')}`,
      '',
    ]);
    expect(result.stderr.match(/Resending in/g)).toHaveLength(4);
  }, 60_000);
});
