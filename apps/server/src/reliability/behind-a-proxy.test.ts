import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteTestDatabase, type TestDatabase } from '../test-support/databases.js';
import { runServerScript, type ServerProcess } from '../test-support/server-process.js';

/**
 * The test plays a reverse proxy on 127.0.0.1 with two clients behind it, told apart only by the X-Forwarded-For
 * it sets. Three settings: none (the default), the proxy's own address trusted, and some other address trusted.
 */
const SETTINGS = { none: undefined, loopback: 'loopback', elsewhere: '10.0.0.0/8, 192.0.2.7' } as const;
const GUESSER = '203.0.113.1';
const HONEST = '203.0.113.2';

describe('TRUST_PROXY: whose address the failed-authentication guard and the request log use', () => {
  const apiKey = `proxy-${randomUUID()}`;
  const databases: TestDatabase[] = [];
  const servers = new Map<keyof typeof SETTINGS, { server: ServerProcess; origin: string }>();

  beforeAll(async () => {
    await Promise.all(
      Object.entries(SETTINGS).map(async ([name, trustProxy]) => {
        const database = await sqliteTestDatabase.create();
        databases.push(database);
        const server = runServerScript('src/main.ts', {
          DATABASE_URL: `file:${(database.config as { path: string }).path}`,
          API_KEYS: apiKey,
          AUTH_FAILURES_PER_MINUTE: '3',
          ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}),
        });
        servers.set(name as keyof typeof SETTINGS, { server, origin: await server.listening });
      }),
    );
  });

  afterAll(async () => {
    for (const { server } of servers.values()) server.child.kill('SIGKILL');
    await Promise.all([...servers.values()].map(({ server }) => server.exited));
    await Promise.all(databases.map((database) => database.drop()));
  });

  /** Three wrong keys from the guesser, then the honest client's valid key, each as forwarded by the proxy. */
  async function guessesThenHonest(setting: keyof typeof SETTINGS) {
    const { origin } = servers.get(setting) as { origin: string };
    const send = async (forwardedFor: string, key: string) =>
      (
        await fetch(`${origin}/v1/pets?limit=1`, {
          headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': forwardedFor },
        })
      ).status;
    const guesses = [];
    for (let guess = 0; guess < 3; guess++) guesses.push(await send(GUESSER, `guess-${guess}`));
    return { guesses, honest: await send(HONEST, apiKey), guesserAgain: await send(GUESSER, apiKey) };
  }

  /** The client addresses in the request log lines of one server (a line is written when its response is done). */
  const loggedAddresses = (setting: keyof typeof SETTINGS) =>
    new Set(
      (servers.get(setting) as { server: ServerProcess }).server
        .output()
        .split('\n')
        .filter((line) => line.includes('"msg":"GET '))
        .map((line) => (JSON.parse(line) as { req: { remoteAddress: string } }).req.remoteAddress),
    );

  it('with the proxy trusted, one client’s failures block that client only, and the log names each client', async () => {
    expect(await guessesThenHonest('loopback')).toStrictEqual({
      guesses: [401, 401, 401],
      honest: 200,
      guesserAgain: 429,
    });
    await expect.poll(() => loggedAddresses('loopback')).toStrictEqual(new Set([GUESSER, HONEST]));
  });

  it('with no proxy trusted (the default), X-Forwarded-For changes nothing: the peer address counts', async () => {
    expect(await guessesThenHonest('none')).toStrictEqual({
      guesses: [401, 401, 401],
      honest: 429,
      guesserAgain: 429,
    });
    await expect.poll(() => loggedAddresses('none')).toStrictEqual(new Set(['127.0.0.1']));
  });

  it('a header from a peer that is not a trusted proxy changes nothing either', async () => {
    expect(await guessesThenHonest('elsewhere')).toStrictEqual({
      guesses: [401, 401, 401],
      honest: 429,
      guesserAgain: 429,
    });
    await expect.poll(() => loggedAddresses('elsewhere')).toStrictEqual(new Set(['127.0.0.1']));
  });
});
