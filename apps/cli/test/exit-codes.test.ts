import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, envFor, runCli } from './support/run-cli.js';

let server: StoreProcess;
beforeAll(async () => {
  server = await startStore();
});
afterAll(() => server.stop());

describe('exit codes', () => {
  it('0 on success, with the result on stdout only', async () => {
    expect(await runCli(['pets', 'list'], { env: envFor(server) })).toStrictEqual({
      code: 0,
      stdout: '[]\n',
      stderr: '',
    });
  });

  it('1 when the API refuses the key, with its code and message and never the key', async () => {
    const wrongKey = 'wrong-key-0123456789abcdef';
    for (const command of [
      ['pets', 'list'],
      ['pets', 'add', '--name', 'Rex', '--category-id', '1'],
    ]) {
      const result = await runCli(command, { env: { ...envFor(server), ANIMAL_STORE_API_KEY: wrongKey } });
      expect(result).toStrictEqual({
        code: 1,
        stdout: '',
        stderr: 'error: unauthorized (HTTP 401): The Authorization header is not a valid key.\n',
      });
    }
  });

  it('1 when the base address names no API version the server has', async () => {
    const origin = server.baseUrl.replace(/\/v1$/, '');
    const result = await runCli(['--base-url', `${origin}/v2`, 'pets', 'list'], { env: envFor(server) });
    expect(result).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: 'error: route_not_found (HTTP 404): No operation at GET /v2/pets.\n',
    });
  });

  it('1 when the base address lacks /v1, with a hint that names the address to use', async () => {
    const origin = server.baseUrl.replace(/\/v1$/, '');
    const hint = `(the base URL usually ends in /v1, e.g. ${origin}/v1)`;
    expect(await runCli(['--base-url', origin, 'pets', 'list'], { env: envFor(server) })).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: `error: route_not_found (HTTP 404): No operation at GET /pets. ${hint}\n`,
    });
    const add = ['pets', 'add', '--name', 'Rex', '--category-id', '1'];
    expect(
      await runCli(add, { env: { ...envFor(server), ANIMAL_STORE_URL: `${origin}/api/` } }),
    ).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: `error: route_not_found (HTTP 404): No operation at POST /api/pets. ${hint}\n`,
    });
  });

  it('3 when nothing listens at the address, naming the address tried', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}/v1`;
    const result = await runCli(['--base-url', baseUrl, 'pets', 'list'], { env: envFor(server) });
    expect(result).toStrictEqual({
      code: 3,
      stdout: '',
      stderr: `error: cannot reach the Animal Store at ${baseUrl} (ECONNREFUSED)\n`,
    });
  });

  it('3 when the host name does not resolve', async () => {
    const result = await runCli(['pets', 'list'], {
      env: { ...envFor(server), ANIMAL_STORE_URL: 'https://animal-store.invalid/v1' },
    });
    // Without a DNS server the resolver answers EAI_AGAIN instead: either way the host is not reached.
    expect({ ...result, stderr: result.stderr.replace('EAI_AGAIN', 'ENOTFOUND') }).toStrictEqual({
      code: 3,
      stdout: '',
      stderr: 'error: cannot reach the Animal Store at https://animal-store.invalid/v1 (ENOTFOUND)\n',
    });
  });

  it('--staging selects ANIMAL_STORE_STAGING_URL over ANIMAL_STORE_URL', async () => {
    const unreachable = `http://127.0.0.1:${await closedPort()}/v1`;
    const result = await runCli(['--staging', 'pets', 'list'], {
      env: { ...envFor(server), ANIMAL_STORE_URL: unreachable, ANIMAL_STORE_STAGING_URL: server.baseUrl },
    });
    expect(result).toStrictEqual({ code: 0, stdout: '[]\n', stderr: '' });
  });
});
