import { request } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import {
  databaseUrlOf,
  postgresTestDatabase,
  type TestDatabase,
  type TestDatabaseKind,
} from './databases.js';
import { runServerScript, type ServerProcess } from './server-process.js';

export interface CallOptions {
  authorization: string;
  method?: string;
  body?: unknown;
  /** Another loopback address to send from, whose failed authentications are counted apart. */
  localAddress?: string;
}

/** One request on a connection of its own, so that the cluster hands requests to its workers in turn. */
export function callOnItsOwnConnection(
  url: string,
  options: CallOptions,
): Promise<{ status: number; body: string }> {
  const { authorization, method = 'GET', body, localAddress } = options;
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const sent = request(url, { agent: false, method, headers, localAddress }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    sent.on('error', reject);
    sent.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** The statuses of `count` GETs, one after the other, each on a connection of its own. */
export async function statusesOf(count: number, url: string, authorization: string): Promise<number[]> {
  const seen: number[] = [];
  for (let index = 0; index < count; index++)
    seen.push((await callOnItsOwnConnection(url, { authorization })).status);
  return seen;
}

export interface TwoWorkers {
  origin: string;
  server: ServerProcess;
  /** The processes that logged an answer with this status. */
  pidsAnswering(status: number): Set<number>;
}

/**
 * The store with WORKERS=2 on a fresh PostgreSQL database (SQLite serves one worker) for the enclosing `describe`,
 * both workers listening before its tests start: with one alone, what the workers share would not be put to the test.
 */
export function useTwoWorkers(env: Record<string, string>): () => TwoWorkers {
  let database: TestDatabase;
  let workers: TwoWorkers | undefined;

  beforeAll(async () => {
    database = await (postgresTestDatabase as TestDatabaseKind).create();
    const server = runServerScript('src/main.ts', {
      DATABASE_URL: databaseUrlOf(database.config),
      WORKERS: '2',
      ...env,
    });
    const origin = await server.listening;
    while (server.output().split('Animal Store listening').length - 1 < 2) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const pidsAnswering = (status: number) =>
      new Set(
        server
          .output()
          .split('\n')
          .filter((line) => line.includes(`"msg":"GET ${status}"`))
          .map((line) => (JSON.parse(line) as { pid: number }).pid),
      );
    workers = { origin, server, pidsAnswering };
  });

  afterAll(async () => {
    workers?.server.child.kill('SIGKILL');
    await workers?.server.exited;
    await database?.drop();
  });

  return () => {
    if (!workers) throw new Error('The workers exist only inside tests.');
    return workers;
  };
}
