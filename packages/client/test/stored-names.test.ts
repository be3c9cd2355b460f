import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStore } from '@animal-store/testing/store-process';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnimalStoreClient } from '../src/index.js';

/**
 * Names that 1.1.0 accepted and stored, and that today's input rule refuses: invisible and bidirectional characters,
 * joiners outside the scripts that need them, Hangul fillers, the braille blank, tags, and the longest name any
 * version took. They are written into the database directly,
 * as the earlier version wrote them, and read back through the client over real HTTP.
 */
const STORED_NAMES = [
  'ad\u200Bmin',
  'deploy \u202Etob',
  'soft\u00ADhyphen',
  '\uFEFFbom',
  'ad\u200Dmin',
  'Rex \u200D🦺',
  '\u2066iso\u2069',
  '\u3164',
  '\u2800',
  'Rex\u{E0041}\u{E0042}',
  'ad\u034Fmin',
  'e\u0301\u200Dx',
  'x'.repeat(255),
];

let dir: string;
let file: string;
let store: Awaited<ReturnType<typeof startStore>>;

/** A store on `file`, which its migrations bring to today's schema. */
const storeOn = () => startStore({ env: { DATABASE_URL: `file:${file}` } });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'animal-store-stored-names-'));
  file = join(dir, 'store.db');
  await (await storeOn()).stop();
  const db = new Database(file);
  try {
    const addPet = db.prepare('insert into pets (name, category_id, status) values (?, 1, ?)');
    const addKey = db.prepare(
      "insert into api_keys (name, key_hash, key_prefix, created_at, scopes) values (?, ?, 'as_old', ?, 'pets:read')",
    );
    STORED_NAMES.forEach((name, index) => {
      addPet.run(name, index % 2 === 0 ? 'available' : null);
      addKey.run(name, `digest-${index}`, new Date(Date.UTC(2026, 10, 25)).toISOString());
    });
  } finally {
    db.close();
  }
  store = await storeOn();
}, 120_000);

afterAll(async () => {
  await store?.stop();
  await rm(dir, { recursive: true, force: true });
});

const client = () => createAnimalStoreClient({ baseUrl: store.baseUrl, apiKey: store.apiKey });

describe('names an earlier version stored', () => {
  it('are read by a traversal of every page', async () => {
    const names: string[] = [];
    for await (const pet of client().pets.list({ limit: 3 })) names.push(pet.name);
    expect(names).toStrictEqual(STORED_NAMES);
  });

  it('are read one animal at a time', async () => {
    for (const [index, name] of STORED_NAMES.entries()) {
      expect((await client().pets.get(index + 1)).name).toBe(name);
    }
  });

  it("are read in the key list, as each key's name", async () => {
    const names = (await client().apiKeys.list()).map((key) => key.name);
    expect(names).toStrictEqual(expect.arrayContaining(STORED_NAMES));
  });
});
