import { AnimalStoreError, type ApiKey, createAnimalStoreClient, type Pet } from '@animal-store/client';
import { clockStartingAt, setClockUnavailable } from '@animal-store/testing/test-clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { openDatabase } from '../database/database.js';
import { MIGRATION_NAMES } from '../database/migrations.js';
import { readStoreVersion } from '../database/store-version.js';
import { LATEST_STORED_INSTANT } from '../database/stored-instant.js';
import { RELEASE_VERSION } from '../release-version.js';
import { serveStore } from '../test-support/data-command.js';
import { testDatabaseKinds } from '../test-support/databases.js';
import type { ServerProcess } from '../test-support/server-process.js';
import {
  fixtureReleases,
  type RestoredFixture,
  restoreFixture,
  type Written,
  writtenAt,
} from './upgrade-fixtures.js';

/**
 * When the upgraded server starts: a minute after the release wrote the fixture, on a clock set to it, so that what
 * expiries and rotation overlaps decide is the same on every run, however long after the fixture was made.
 */
const upgradedAt = (written: Written): Date => new Date(writtenAt(written).getTime() + 60_000);

/** The fixtures rotate a key with a two-hour overlap (write-fixture.mjs); this is after it. */
const afterOverlapAt = (written: Written): Date => new Date(writtenAt(written).getTime() + 3 * 3_600_000);

/** Each fixture is served on a clock set to when it was written (upgrade-fixtures/README.md). */
const unavailable = setClockUnavailable();
const skipped = unavailable ? ` (skipped: ${unavailable})` : '';

/** What changes as the test uses its keys: last use, and last call of the deprecated getPet. */
type Unused<Key> = Omit<Key, 'lastUsedAt' | 'deprecatedCallAt'>;
const unused = <Key extends ApiKey>({ lastUsedAt: _, deprecatedCallAt: __, ...key }: Key): Unused<Key> => key;

/** What the old release listed for a key, as this release must show it after the upgrade at `now`. */
function expectedKey(written: Written, listed: Written['keys']['listed'][number], now: Date): Unused<ApiKey> {
  const { lastUsedAt: _, deprecatedCallAt: __, ...kept } = listed;
  // A six-digit year is stored as the latest instant of the stored form (decision 058): it still never comes.
  const expiresAt = listed.expiresAt?.startsWith('+') ? LATEST_STORED_INSTANT : listed.expiresAt;
  const rotation = written.rotations.find((pair) => pair.replaced === listed.id);
  const successor = rotation && written.keys.listed.find((key) => key.id === rotation.successor);
  const replaced = written.rotations.find((pair) => pair.successor === listed.id);
  return {
    ...kept,
    expiresAt,
    state:
      listed.revokedAt !== null
        ? 'revoked'
        : expiresAt === null || Date.parse(expiresAt) > now.getTime()
          ? 'active'
          : 'expired',
    // A rotation made before the store marked them is marked as of its successor's making.
    rotatedAt: listed.rotatedAt ?? successor?.createdAt ?? null,
    replaces: listed.replaces ?? replaced?.replaced ?? null,
    // Keys from before a key had a policy of its own read as the store's defaults.
    rateLimitPerMinute: null,
    allowedNetworks: null,
  };
}

async function refusal(call: Promise<unknown>): Promise<{ status: number; code: string }> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AnimalStoreError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { status: error.status, code: error.code };
}

describe.skipIf(unavailable !== undefined).each(fixtureReleases())(
  `a store written by %s, upgraded in place${skipped}`,
  (release) => {
    describe.each(testDatabaseKinds.map((kind) => kind.name))('on %s', (kind) => {
      let fixture: RestoredFixture;
      let server: ServerProcess;
      let as: (apiKey: string) => ReturnType<typeof createAnimalStoreClient>;
      let written: Written;

      beforeAll(async () => {
        fixture = await restoreFixture(release, kind);
        written = fixture.written;
        const served = await serveStore(fixture.databaseUrl, {
          NODE_ENV: 'production',
          ...clockStartingAt(upgradedAt(written)),
        });
        server = served.server;
        const origin = served.origin;
        as = (apiKey) => createAnimalStoreClient({ baseUrl: `${origin}/v1`, apiKey, retry: false });
      });

      afterAll(async () => {
        await server?.stop();
        await fixture?.drop();
      });

      it('lists every animal through a whole listing of several pages, as the old release answered', async () => {
        const listed: Pet[] = [];
        for await (const pet of as(written.keys.secrets.manager).pets.list({ limit: 3 })) listed.push(pet);
        expect(listed).toStrictEqual(written.animals);
      });

      it('gets every animal by its id', async () => {
        for (const animal of written.animals) {
          expect(await as(written.keys.secrets.manager).pets.get(animal.id)).toStrictEqual(animal);
        }
      });

      it('lists every key with its state, scopes, expiry and rotation links, and accepts each as its state says', async () => {
        const keys = await as(written.keys.secrets.manager).apiKeys.list();
        expect(keys.map(unused)).toStrictEqual(
          written.keys.listed.map((key) => expectedKey(written, key, upgradedAt(written))),
        );
        for (const secret of Object.values(written.keys.secrets)) {
          if (secret === null) continue;
          const state = keys.find((key) => secret.startsWith(key.prefix))?.state;
          if (state === 'active')
            expect(secret.startsWith((await as(secret).apiKeys.current()).prefix)).toBe(true);
          else
            expect(await refusal(as(secret).apiKeys.current())).toStrictEqual({
              status: 401,
              code: 'unauthorized',
            });
        }
        // Scopes are kept: a reader may not manage keys.
        expect(await refusal(as(written.keys.secrets.reader).apiKeys.list())).toStrictEqual({
          status: 403,
          code: 'insufficient_scope',
        });
      });

      it('keeps every key to its rules: a key rotated before the upgrade is not rotated again', async () => {
        const manager = as(written.keys.secrets.manager);
        for (const { replaced, successor } of written.rotations) {
          // Within its overlap, the rotated key still works but its mark refuses a second rotation.
          expect(await refusal(manager.apiKeys.rotate(replaced))).toStrictEqual({
            status: 409,
            code: 'api_key_rotated',
          });
          expect((await manager.apiKeys.rotate(successor, { overlapHours: 0 })).replaces).toBe(successor);
        }
      });

      it('rotates the six-digit-year key, and counts only managers that stay', async () => {
        const manager = as(written.keys.secrets.manager);
        const keys = await manager.apiKeys.list();
        // The manager to rotate: the six-digit year where the release took one, which rotates as an active key.
        const farExpiry = keys.find((key) => key.name === 'six-digit year');
        const fixtureManager = keys.find((key) => key.name === 'fixture manager') as ApiKey;
        const rotating = farExpiry ?? fixtureManager;
        const rotatingSecret = written.keys.secrets.farExpiry ?? written.keys.secrets.manager;
        const successor = await manager.apiKeys.rotate(rotating.id, { overlapHours: 1 });
        expect(successor).toMatchObject({
          replaces: rotating.id,
          expiresAt: rotating.expiresAt,
          scopes: rotating.scopes,
        });
        if (farExpiry) await as(successor.key).apiKeys.revoke(fixtureManager.id);
        // The key in its overlap is about to stop: its successor is the last manager that stays.
        expect(await refusal(as(rotatingSecret).apiKeys.revoke(successor.id))).toStrictEqual({
          status: 409,
          code: 'last_key_manager',
        });
        expect(await refusal(as(successor.key).apiKeys.revoke(successor.id))).toStrictEqual({
          status: 409,
          code: 'last_key_manager',
        });
      });

      it('records the schema version and the release that upgraded it', async () => {
        expect(await server.stop()).toBe(0);
        const database = openDatabase(loadConfig({ DATABASE_URL: fixture.databaseUrl }).database);
        try {
          expect(await readStoreVersion(database.db, database.dialect)).toStrictEqual({
            migrations: [...MIGRATION_NAMES],
            schemaVersion: MIGRATION_NAMES.length,
            release: RELEASE_VERSION,
          });
        } finally {
          await database.close();
        }
      });
    });
  },
);

describe.skipIf(unavailable !== undefined).each(fixtureReleases())(
  `a store written by %s, upgraded once its rotation overlap has passed${skipped}`,
  (release) => {
    it.each(testDatabaseKinds.map((kind) => kind.name))(
      'on %s, the rotated key has expired',
      async (kind) => {
        const fixture = await restoreFixture(release, kind);
        const { written } = fixture;
        const at = afterOverlapAt(written);
        const { origin, server } = await serveStore(fixture.databaseUrl, {
          NODE_ENV: 'production',
          ...clockStartingAt(at),
        });
        try {
          const as = (apiKey: string) =>
            createAnimalStoreClient({ baseUrl: `${origin}/v1`, apiKey, retry: false });
          const manager = as(written.keys.secrets.manager);
          expect((await manager.apiKeys.list()).map(unused)).toStrictEqual(
            written.keys.listed.map((key) => expectedKey(written, key, at)),
          );
          expect(await refusal(as(written.keys.secrets.rotated).apiKeys.current())).toStrictEqual({
            status: 401,
            code: 'unauthorized',
          });
          for (const { replaced } of written.rotations) {
            // An expired key is refused before its rotation mark is read.
            expect(await refusal(manager.apiKeys.rotate(replaced))).toStrictEqual({
              status: 409,
              code: 'api_key_inactive',
            });
          }
        } finally {
          await server.stop();
          await fixture.drop();
        }
      },
    );
  },
);
