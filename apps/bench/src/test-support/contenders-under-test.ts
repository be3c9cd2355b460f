import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import pino from 'pino';
import { expressStockPeer } from '../baselines/express-stock-app.js';
import { fastifyPeer } from '../baselines/fastify-app.js';
import type { PeerOptions } from '../baselines/peer-options.js';
import { postgresStoreQueries } from '../baselines/postgres-store-queries.js';
import { sqliteStoreQueries } from '../baselines/sqlite-store-queries.js';
import type { StoreQueries } from '../baselines/store-queries.js';
import { type ContenderId, contendersFor, requestHeaders } from '../contenders.js';
import type { DatabaseFixture } from '../fixtures/database-fixture.js';
import { startOnFreePort } from '../processes/start-on-free-port.js';

export type ContenderName = 'store' | 'store-tracing' | 'fastify' | 'express-stock';

/** A contender serving over real HTTP on loopback, and the file its request log goes to. */
export interface ServingContender {
  name: ContenderName;
  baseUrl: string;
  logPath: string;
  close(): Promise<void>;
}

/**
 * The store as the bench starts it (its built entry point in a process of its own, with the bench's environment for
 * `id`, the store itself by default), with `env` on top: the reference the peers are held to. On a fresh database
 * it creates the tables.
 */
export async function startStore(
  fixture: DatabaseFixture,
  workDir: string,
  name: string,
  env: Record<string, string> = {},
  id: Extract<ContenderId, 'store' | 'store-tracing'> = 'store',
): Promise<ServingContender> {
  const store = contendersFor(fixture.kind).find((contender) => contender.id === id);
  if (!store) throw new Error(`no ${id} on ${fixture.kind}`);
  const logPath = join(workDir, `${name}.log`);
  const { server, baseUrl } = await startOnFreePort((port, baseUrl) => {
    const launch = store.launch(port, fixture.url);
    return {
      name,
      args: launch.args,
      env: { ...launch.env, ...env },
      readyUrl: `${baseUrl}${store.readyPath}`,
      headers: requestHeaders,
      logPath,
    };
  });
  return { name: id, baseUrl, logPath, close: () => server.stop() };
}

/** The store's queries on the fixture's database, as the peers' entry points open them. */
export function queriesOn(fixture: DatabaseFixture): StoreQueries {
  return fixture.kind === 'sqlite'
    ? sqliteStoreQueries(fixture.url.slice('file:'.length))
    : postgresStoreQueries(fixture.url, 10);
}

/**
 * The peers (d) and (e), built by the factories their entry points use and listening on loopback, each logging to
 * a file of its own, synchronously so that a test reads a line as soon as the answer arrives.
 */
export async function startPeers(
  queries: StoreQueries,
  workDir: string,
  suffix: string,
  rateLimitPerMinute: number,
): Promise<ServingContender[]> {
  const options = (name: ContenderName): PeerOptions & { logPath: string } => {
    const logPath = join(workDir, `${name}-${suffix}.log`);
    return {
      queries,
      rateLimitPerMinute,
      logStream: pino.destination({ dest: logPath, sync: true }),
      logPath,
    };
  };
  const fastifyOptions = options('fastify');
  const fastify = await fastifyPeer(fastifyOptions);
  const fastifyUrl = await fastify.listen({ port: 0, host: '127.0.0.1' });

  const expressOptions = options('express-stock');
  const express = expressStockPeer(expressOptions).listen(0, '127.0.0.1');
  await once(express, 'listening');
  return [
    { name: 'fastify', baseUrl: fastifyUrl, logPath: fastifyOptions.logPath, close: () => fastify.close() },
    {
      name: 'express-stock',
      baseUrl: `http://127.0.0.1:${(express.address() as AddressInfo).port}`,
      logPath: expressOptions.logPath,
      close: () =>
        new Promise<void>((resolve) => {
          express.close(() => resolve());
          express.closeAllConnections();
        }),
    },
  ];
}
