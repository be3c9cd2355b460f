import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envFor, runCli } from './support/run-cli.js';

let server: StoreProcess;
/**
 * The test server by an address that is not loopback by the CLI's rule: Linux and macOS connect 0.0.0.0 to this
 * machine, so a request that gets past the rule reaches the real server, and one the rule stops never does.
 */
let plainHttp: string;

beforeAll(async () => {
  server = await startStore();
  plainHttp = server.baseUrl.replace('//127.0.0.1:', '//0.0.0.0:');
});
afterAll(() => server.stop());

const ADD = ['pets', 'add', '--name', 'Rex', '--category-id', '1', '--json'];
const REX = { id: 1, name: 'Rex', categoryId: 1 };

describe('a plain http:// address beyond loopback', () => {
  it('is refused with exit 2 and sends nothing, the API key least of all', async () => {
    for (const run of [
      () => runCli(['--base-url', plainHttp, ...ADD], { env: envFor(server) }),
      () => runCli(ADD, { env: { ...envFor(server), ANIMAL_STORE_URL: plainHttp } }),
    ]) {
      const result = await run();
      expect(result.code).toStrictEqual(2);
      expect(result.stdout).toStrictEqual('');
      expect(result.stderr).toMatch(/^error: (--base-url|ANIMAL_STORE_URL) must use https:\/\/ .+\n$/);
    }
    const stored = await fetch(`${server.baseUrl}/pets`, {
      headers: { authorization: `Bearer ${server.apiKey}` },
    }).then((response) => response.json());
    expect(stored).toStrictEqual([]);
  });

  it('is used with --allow-insecure', async () => {
    const result = await runCli(['--allow-insecure', '--base-url', plainHttp, ...ADD], {
      env: envFor(server),
    });
    expect({ ...result, stdout: JSON.parse(result.stdout) }).toStrictEqual({
      code: 0,
      stdout: REX,
      stderr: '',
    });
  });

  it('is used with ANIMAL_STORE_ALLOW_INSECURE=1', async () => {
    const result = await runCli(['pets', 'list'], {
      env: { ...envFor(server), ANIMAL_STORE_URL: plainHttp, ANIMAL_STORE_ALLOW_INSECURE: '1' },
    });
    expect({ ...result, stdout: JSON.parse(result.stdout) }).toStrictEqual({
      code: 0,
      stdout: [REX],
      stderr: '',
    });
  });
});
