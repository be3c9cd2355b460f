import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { nextPageCursor } from '@animal-store/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepositories, type Repositories } from '../store/repositories.js';
import { createLifetimeBoundMs } from '../store/settled-ids.js';
import { postgresTestDatabase, type TestDatabase, type TestDatabaseKind } from '../test-support/databases.js';
import { runServerScript, type ServerProcess } from '../test-support/server-process.js';

/** A short query bound, so that pages settle (and are kept) within the test: 1.8 s. */
const QUERY_TIMEOUT_MS = 300;
const LIMIT = 10;

interface Answer {
  status: number;
  body: string;
  link: string | undefined;
  etag: string | undefined;
}

/** One GET on a connection of its own, so that the cluster hands requests to its workers in turn. */
function get(url: string, authorization: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { agent: false, headers: { authorization } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body,
          link: response.headers.link as string | undefined,
          etag: response.headers.etag,
        }),
      );
    });
    sent.on('error', reject);
    sent.end();
  });
}

// Several workers need PostgreSQL (SQLite serves one); CI always has it.
describe.skipIf(!postgresTestDatabase)('answers kept by two instances of two workers each', () => {
  let database: TestDatabase;
  let store: Repositories;
  let instances: ServerProcess[];
  let origins: string[];
  const apiKey = `kept-${randomUUID()}`;
  const authorization = `Bearer ${apiKey}`;

  beforeAll(async () => {
    database = await (postgresTestDatabase as TestDatabaseKind).create();
    store = await openRepositories(database.config);
    for (let index = 0; index < 95; index++) {
      await store.pets.create({
        name: `Before ${index}`,
        categoryId: 1,
        status: index % 2 ? 'sold' : 'available',
      });
    }
    const env = {
      DATABASE_URL: (database.config as { url: string }).url,
      API_KEYS: apiKey,
      WORKERS: '2',
      DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
      RATE_LIMIT_PER_MINUTE: '1000000',
    };
    instances = [
      runServerScript('src/main.ts', env),
      runServerScript('src/main.ts', env),
      // The same catalogue with nothing kept: what the database gives.
      runServerScript('src/main.ts', { ...env, WORKERS: '1', ANSWER_CACHE_BYTES: '0' }),
    ];
    origins = await Promise.all(instances.map((instance) => instance.listening));
  });

  afterAll(async () => {
    for (const instance of instances ?? []) instance.child.kill('SIGKILL');
    await Promise.all((instances ?? []).map((instance) => instance.exited));
    await store?.database.close();
    await database?.drop();
  });

  /** Every page by its links, each page from the next instance in turn. */
  async function traverse(query: string, through: string[]): Promise<Answer[]> {
    const pages: Answer[] = [];
    let cursor: string | undefined = '';
    for (let index = 0; cursor !== undefined; index++) {
      const origin = through[index % through.length] as string;
      const page = await get(
        `${origin}/v1/pets?limit=${LIMIT}${query}${cursor ? `&cursor=${cursor}` : ''}`,
        authorization,
      );
      expect(page.status).toBe(200);
      pages.push(page);
      cursor = nextPageCursor(page.link);
    }
    return pages;
  }

  it('a traversal during creates through every worker returns every animal that existed when it began, once', async () => {
    let creating = true;
    const creators = Array.from({ length: 4 }, async (_, creator) => {
      for (let index = 0; creating; index++) {
        const response = await fetch(`${origins[index % 2]}/v1/pets`, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/json',
            // Half with a key: its insert and its completion are one transaction, the longest a create lives.
            ...(index % 2 ? { 'idempotency-key': `k-${creator}-${index}` } : {}),
          },
          body: JSON.stringify({ name: `During ${creator}-${index}`, categoryId: 2, status: 'sold' }),
        });
        expect(response.status).toBe(201);
      }
    });
    const started = performance.now();
    let rounds = 0;
    try {
      // Rounds past the bound, so that the later ones meet pages kept by every worker of both instances.
      while (rounds < 3 || performance.now() - started < 2 * createLifetimeBoundMs(QUERY_TIMEOUT_MS)) {
        for (const query of ['', '&status=sold']) {
          const existing = (await store.pets.list({ limit: 1_000_000, status: query ? 'sold' : undefined }))
            .pets;
          const pages = await traverse(query, origins.slice(0, 2));
          const ids = pages.flatMap((page) =>
            (JSON.parse(page.body) as { id: number }[]).map((pet) => pet.id),
          );
          expect(ids).toStrictEqual([...new Set(ids)].sort((a, b) => a - b));
          const seen = new Set(ids);
          expect(existing.filter((pet) => !seen.has(pet.id))).toStrictEqual([]);
        }
        rounds++;
      }
    } finally {
      creating = false;
      await Promise.all(creators);
    }
  });

  it('pages and animals kept by any worker are byte for byte what the database gives', async () => {
    for (const query of ['', '&status=sold', '&status=available']) {
      const kept = await traverse(query, origins.slice(0, 2));
      expect(await traverse(query, origins.slice(0, 2))).toStrictEqual(kept);
      expect(await traverse(query, origins.slice(2))).toStrictEqual(kept);
    }
    for (const id of [1, 50, 95, 120]) {
      const fromDatabase = await get(`${origins[2]}/v1/pets/${id}`, authorization);
      for (const origin of [origins[0], origins[1], origins[0], origins[1]]) {
        expect(await get(`${origin}/v1/pets/${id}`, authorization)).toStrictEqual(fromDatabase);
      }
    }
  });
});
