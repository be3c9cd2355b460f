import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedPets } from '@animal-store/testing/seed';
import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envFor } from './support/run-cli.js';
import { runInTerminal } from './support/terminal.js';

let server: StoreProcess;
beforeAll(async () => {
  server = await startStore();
  await seedPets(server, [
    { name: 'Rex', categoryId: 12, status: 'available' },
    { name: 'Whiskers 🐈', categoryId: 3 },
    { name: '猫', categoryId: 3, status: 'sold' },
  ]);
});
afterAll(() => server.stop());

const inTerminal = (...args: string[]) => runInTerminal(args, envFor(server));

describe('at a terminal', () => {
  it('lists animals as an aligned table, wide characters included', async () => {
    expect(await inTerminal('pets', 'list')).toStrictEqual({
      code: 0,
      output: [
        'ID  NAME         CATEGORY  STATUS',
        ' 1  Rex                12  available',
        ' 2  Whiskers 🐈         3  -',
        ' 3  猫                  3  sold',
        '',
      ].join('\n'),
    });
  });

  it('prints JSON at a terminal too when --json is given', async () => {
    const result = await inTerminal('pets', 'list', '--status', 'sold', '--json');
    expect(JSON.parse(result.output)).toStrictEqual([{ id: 3, name: '猫', categoryId: 3, status: 'sold' }]);
  });

  it('says so when no animal matches', async () => {
    expect(await inTerminal('pets', 'list', '--status', 'pending')).toStrictEqual({
      code: 0,
      output: 'No animals match.\n',
    });
  });

  it('prints the created animal with its id', async () => {
    expect(
      await inTerminal('pets', 'add', '--name', 'Bo', '--category-id', '2', '--status', 'pending'),
    ).toStrictEqual({
      code: 0,
      output: ['Created animal 4.', 'ID  NAME  CATEGORY  STATUS', ' 4  Bo           2  pending', ''].join(
        '\n',
      ),
    });
  });

  it('prints one animal after the deprecation warning', async () => {
    const result = await inTerminal('pets', 'get', '1');
    expect(result.code).toStrictEqual(0);
    expect(result.output.split('\n').slice(1)).toStrictEqual([
      'ID  NAME  CATEGORY  STATUS',
      ' 1  Rex         12  available',
      '',
    ]);
    expect(result.output).toMatch(
      /^warning: `pets get` calls getPet .+ removed on 5 December 2030\. The API offers no other way to fetch one animal by id: use `animal-store pets list` \(GET \/pets\) instead/,
    );
  });

  it('shows a progress bar while importing and a readable summary after it', async () => {
    const file = join(tmpdir(), `animal-store-tty-import-${process.pid}.ndjson`);
    await writeFile(
      file,
      '{"name":"Ann","categoryId":1}\n{"name":"","categoryId":1}\n{"name":"Ben","categoryId":1}\n',
    );
    const result = await inTerminal('pets', 'import', file);
    expect(result.code).toStrictEqual(1);
    expect(result.output).toContain('Importing [');
    expect(result.output).toContain('] 3/3 rows | 2 created | 0 replayed | 1 failed');
    expect(result.output.slice(result.output.indexOf(`Imported ${file}`))).toStrictEqual(
      [
        `Imported ${file}: 3 rows, 2 created, 0 replayed, 1 failed.`,
        "  line 2: validation_failed: body field 'name': must not be empty or blank",
        'error: 1 of 3 rows failed',
        '',
      ].join('\n'),
    );
    const again = await inTerminal('pets', 'import', file);
    expect(again.output).toContain('] 3/3 rows | 0 created | 2 replayed | 1 failed');
    expect(again.output).toContain(
      `Imported ${file}: 3 rows, 0 created, 2 replayed, 1 failed.\n` +
        '  (replayed: created by an earlier run with the same file and row)\n',
    );
  });
});
