import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepositories } from '../store/repositories.js';
import { databaseUrlOf, type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import { runServerScript, type ServerProcess } from '../test-support/server-process.js';

/** One GET from this machine to `host`, with the key and any headers given. */
function get(
  host: string,
  port: number,
  key: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: { code?: string; message?: string } }> {
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host,
        port,
        path: '/v1/pets?limit=1',
        agent: false,
        headers: { authorization: `Bearer ${key}`, ...headers },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

/** The port a server logged it listens on, whatever the address (`[::]` is not what the shared helper waits for). */
async function portOf(server: ServerProcess): Promise<number> {
  for (;;) {
    const port = /Animal Store listening on http:\/\/\S*:(\d+)/.exec(server.output())?.[1];
    if (port) return Number(port);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const refusedFrom = (address: string) => ({
  status: 403,
  body: {
    code: 'api_key_network_refused',
    message: `This API key may not be used from ${address}: its allowed networks do not include that address.`,
    status: 403,
  },
});

describe.each(testDatabaseKinds)("a key's allowed networks, in a real server process, on $name", (kind) => {
  const databases: TestDatabase[] = [];
  const servers: ServerProcess[] = [];
  /** The store listening on every address, IPv4 and IPv6; and one behind a proxy on this machine. */
  let dualStack: number;
  let proxied: number;
  const keys = { v4: '', v6: '', elsewhere: '', documentation: '', any: '' };

  /** A store of its own with one key of each kind, as `keys` then holds them. */
  async function storeWithKeys(): Promise<{ DATABASE_URL: string }> {
    const database = await kind.create();
    databases.push(database);
    const store = await openRepositories(database.config);
    try {
      const make = async (name: string, allowedNetworks: string[] | null) =>
        (await store.apiKeys.create(name, { scopes: ['pets:read'], allowedNetworks })).key;
      keys.v4 = await make('v4', ['127.0.0.0/8']);
      keys.v6 = await make('v6', ['::1/128']);
      keys.elsewhere = await make('elsewhere', ['10.0.0.0/8', '2001:db8::/32']);
      keys.documentation = await make('documentation', ['203.0.113.0/24']);
      keys.any = await make('any', null);
    } finally {
      await store.database.close();
    }
    return { DATABASE_URL: databaseUrlOf(database.config) };
  }

  /** The proxied store's key for 203.0.113.0/24. */
  let proxiedKey = '';

  beforeAll(async () => {
    // Two stores, as one SQLite file serves one instance: the proxied one first, then the one `keys` holds.
    const proxiedEnv = await storeWithKeys();
    proxiedKey = keys.documentation;
    servers.push(runServerScript('src/main.ts', { ...(await storeWithKeys()), HOST: '::' }));
    servers.push(runServerScript('src/main.ts', { ...proxiedEnv, TRUST_PROXY: 'loopback' }));
    [dualStack, proxied] = (await Promise.all(servers.map(portOf))) as [number, number];
  });

  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    await Promise.all(databases.map((database) => database.drop()));
  });

  it('serves an IPv4 range to an IPv4 client, which a dual-stack listener sees as IPv4-mapped IPv6', async () => {
    expect((await get('127.0.0.1', dualStack, keys.v4)).status).toBe(200);
    expect(await get('::1', dualStack, keys.v4)).toStrictEqual(refusedFrom('::1'));
  });

  it('serves an IPv6 range to an IPv6 client and refuses the same machine over IPv4', async () => {
    expect((await get('::1', dualStack, keys.v6)).status).toBe(200);
    expect(await get('127.0.0.1', dualStack, keys.v6)).toStrictEqual(refusedFrom('::ffff:127.0.0.1'));
  });

  it('refuses any other network, naming the address and never the ranges; a key without a list goes anywhere', async () => {
    for (const host of ['127.0.0.1', '::1']) {
      const refused = await get(host, dualStack, keys.elsewhere);
      expect(refused.status).toBe(403);
      expect(refused.body.message).not.toMatch(/10\.0\.0\.0|2001:db8/);
      expect((await get(host, dualStack, keys.any)).status).toBe(200);
    }
  });

  it('reads the address a trusted proxy names, and only then', async () => {
    const forwardedFrom = (address: string) => ({ 'x-forwarded-for': address });
    expect((await get('127.0.0.1', proxied, proxiedKey, forwardedFrom('203.0.113.7'))).status).toBe(200);
    expect(await get('127.0.0.1', proxied, proxiedKey, forwardedFrom('198.51.100.23'))).toStrictEqual(
      refusedFrom('198.51.100.23'),
    );
    // An IPv4-mapped address named by the proxy matches its IPv4 range too.
    const mapped = await get('127.0.0.1', proxied, proxiedKey, forwardedFrom('::ffff:203.0.113.7'));
    expect(mapped.status).toBe(200);
    // Without TRUST_PROXY, the header is nobody's word: the peer is the client.
    expect(await get('127.0.0.1', dualStack, keys.documentation, forwardedFrom('203.0.113.7'))).toStrictEqual(
      refusedFrom('::ffff:127.0.0.1'),
    );
  });
});
