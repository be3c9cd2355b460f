import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepositories } from '../store/repositories.js';
import { runDataCommand, serveStore } from '../test-support/data-command.js';
import {
  databaseUrlOf,
  sqliteTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../test-support/databases.js';

/** The store refused, named, and told what to do. */
const SERVED =
  /^data: a store is serving the database at \S+, or another command has it open: stop every instance of the store on it \(`data backup` needs no stop\), then run the command again\.\n$/;

describe('restore and copy into a database a store serves', () => {
  let source: TestDatabase;
  let sourceUrl: string;
  let backup: string;

  beforeAll(async () => {
    source = await sqliteTestDatabase.create();
    sourceUrl = databaseUrlOf(source.config);
    const repositories = await openRepositories(source.config);
    await repositories.pets.create({ name: 'Rex', categoryId: 4 });
    await repositories.database.close();
    backup = join(source.config.kind === 'sqlite' ? source.config.path : '', '..', 'backup.db');
    const made = await runDataCommand({ DATABASE_URL: sourceUrl }, 'backup', backup);
    expect(made.code, made.output).toBe(0);
  });

  afterAll(async () => {
    await source?.drop();
  });

  describe.each(testDatabaseKinds)('on $name', (kind) => {
    const targets: TestDatabase[] = [];
    const emptyTarget = async () => {
      const target = await kind.create();
      targets.push(target);
      return databaseUrlOf(target.config);
    };
    afterAll(async () => {
      await Promise.all(targets.map((target) => target.drop()));
    });

    it('refuses while the store serves its empty database, then restores once it has stopped', async () => {
      const url = await emptyTarget();
      // Several workers where the database allows them: each holds the lease.
      const workers = kind.name === 'postgres' ? '2' : '1';
      const { server } = await serveStore(url, { API_KEYS: 'a-configured-key-0123', WORKERS: workers });
      try {
        const restored = await runDataCommand({ DATABASE_URL: url }, 'restore', backup);
        expect(restored.code).toBe(1);
        expect(restored.output).toMatch(SERVED);
        const copied = await runDataCommand({ DATABASE_URL: sourceUrl }, 'copy', '--to', url);
        expect(copied.code).toBe(1);
        expect(copied.output).toMatch(SERVED);
      } finally {
        await server.stop();
      }
      const restored = await runDataCommand({ DATABASE_URL: url }, 'restore', backup);
      expect(restored.code, restored.output).toBe(0);
    });

    it('is not blocked by a store that was killed', async () => {
      const url = await emptyTarget();
      const { server } = await serveStore(url, { API_KEYS: 'a-configured-key-0123' });
      server.child.kill('SIGKILL');
      await server.exited;
      const copied = await runDataCommand({ DATABASE_URL: sourceUrl }, 'copy', '--to', url);
      expect(copied.code, copied.output).toBe(0);
    });
  });
});
