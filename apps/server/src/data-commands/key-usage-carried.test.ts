import { join } from 'node:path';
import type { ApiKeyUsageHour } from '@animal-store/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../config/config.js';
import { HOUR_MS } from '../store/key-usage-repository.js';
import { openRepositories } from '../store/repositories.js';
import { runDataCommand } from '../test-support/data-command.js';
import {
  databaseUrlOf,
  sqliteTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../test-support/databases.js';

const FIRST_HOUR = Date.parse('2031-03-09T10:00:00.000Z');
const HOURS = 3;

/** Key 1's counts over the hours the source holds. */
async function usageOf(config: DatabaseConfig): Promise<ApiKeyUsageHour[]> {
  const store = await openRepositories(config);
  try {
    return await store.keyUsage.hoursOf(1, FIRST_HOUR, FIRST_HOUR + HOURS * HOUR_MS);
  } finally {
    await store.database.close();
  }
}

describe('backup, restore and copy carry the usage of API keys', () => {
  let source: TestDatabase;
  let sourceUrl: string;
  let backup: string;
  let sourceUsage: ApiKeyUsageHour[];

  beforeAll(async () => {
    source = await sqliteTestDatabase.create();
    sourceUrl = databaseUrlOf(source.config);
    const store = await openRepositories(source.config);
    await store.apiKeys.create('counted');
    await store.keyUsage.add([
      { keyId: 1, hourMs: FIRST_HOUR, answered: 120, refused: 3, limited: 7, failed: 1 },
      { keyId: 1, hourMs: FIRST_HOUR + 2 * HOUR_MS, answered: 4, refused: 0, limited: 0, failed: 0 },
    ]);
    await store.database.close();
    sourceUsage = await usageOf(source.config);
    expect(sourceUsage.map((hour) => hour.answered)).toStrictEqual([120, 0, 4]);
    backup = join(source.config.kind === 'sqlite' ? source.config.path : '', '..', 'usage-backup.db');
    const made = await runDataCommand({ DATABASE_URL: sourceUrl }, 'backup', backup);
    expect(made.code, made.output).toBe(0);
  });

  afterAll(async () => {
    await source?.drop();
  });

  it('keeps every hour in the backup', async () => {
    expect(await usageOf({ kind: 'sqlite', path: backup })).toStrictEqual(sourceUsage);
  });

  describe.each(testDatabaseKinds)('into an empty $name database', (kind) => {
    let target: TestDatabase | undefined;

    afterAll(async () => {
      await target?.drop();
    });

    it.each(['restore', 'copy'])('%s carries every hour', async (command) => {
      await target?.drop();
      target = await kind.create();
      const url = databaseUrlOf(target.config);
      const loaded =
        command === 'restore'
          ? await runDataCommand({ DATABASE_URL: url }, 'restore', backup)
          : await runDataCommand({ DATABASE_URL: sourceUrl }, 'copy', '--to', url);
      expect(loaded.code, loaded.output).toBe(0);
      expect(await usageOf(target.config)).toStrictEqual(sourceUsage);
    });
  });
});
