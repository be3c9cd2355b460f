#!/usr/bin/env node
// Writes one upgrade fixture by running a version of the store: its keys command and its HTTP API, on a new SQLite
// file and on a new PostgreSQL schema, then keeps the file and a plain-SQL dump of the schema. Plain Node, no
// dependency: it must run against any version's build. Usage (README.md beside this file says when):
//   node write-fixture.mjs SERVER_DIR OUT_DIR POSTGRES_URL
// SERVER_DIR is that version's built apps/server; OUT_DIR gets sqlite/ and postgres/, each with what was written.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const [serverDir, outDir, postgresUrl] = process.argv
  .slice(2)
  .map((value, index) => (index < 2 ? resolve(value) : value));
if (!serverDir || !outDir || !postgresUrl) {
  process.stderr.write('usage: node write-fixture.mjs SERVER_DIR OUT_DIR POSTGRES_URL\n');
  process.exit(2);
}

/** The schema the PostgreSQL fixture lives in; the upgrade test renames it as it loads the dump. */
const FIXTURE_SCHEMA = 'upgrade_fixture';

/** Ordinary names, and names earlier versions accepted that later ones refuse: invisible and bidi characters. */
const ANIMAL_NAMES = [
  'Rex',
  'Biscuit',
  'Zoë',
  'Zero\u200Bwidth',
  '\u202EBidi override',
  'Soft\u00ADhyphen',
  '\uFEFFLeading BOM',
  'Joiner\u200Dafter ASCII',
];

const freePort = () =>
  new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });

/** The key `keys create` printed; null when this version refuses the command line (exit 2). */
function keysCommand(env, args) {
  const run = spawnSync(process.execPath, ['dist/keys-cli.js', ...args], {
    cwd: serverDir,
    env,
    encoding: 'utf8',
  });
  if (run.status === 2) return null;
  if (run.status !== 0) throw new Error(`keys ${args.join(' ')} failed: ${run.stderr}`);
  return run.stdout.trim();
}

async function startServer(env) {
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${env.PORT}`;
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { base, child };
    } catch {}
    await new Promise((done) => setTimeout(done, 100));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not become ready');
}

const stopServer = (child) =>
  new Promise((done) => {
    child.once('exit', done);
    child.kill('SIGTERM');
  });

async function call(base, key, method, path, body, headers = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body && { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body && JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** The body of a 200 or 201; anything else stops the run, naming the step. */
async function succeeded(what, answer) {
  if (answer.status !== 201 && answer.status !== 200)
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Writes the same story through one version: every kind of row that version could store. */
async function writeStore(databaseUrl) {
  const env = { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  const manager = keysCommand(env, ['create', '--name', 'fixture manager']);
  const farExpiry = keysCommand(env, [
    'create',
    '--name',
    'six-digit year',
    '--scope',
    'pets:read',
    '--scope',
    'keys:manage',
    '--expires',
    '+010000-01-01',
  ]);
  const { base, child } = await startServer({ ...env, PORT: String(await freePort()) });
  try {
    const written = { animals: [], refusedNames: [], keys: {}, rotations: [], idempotencyKeys: [] };
    for (const [index, name] of ANIMAL_NAMES.entries()) {
      const idempotencyKey = index % 3 === 0 ? `fixture-create-${index}` : undefined;
      const body = { name, categoryId: index + 1, ...(index % 2 === 0 && { status: 'available' }) };
      const headers = idempotencyKey ? { 'idempotency-key': idempotencyKey } : {};
      const answer = await call(base, manager, 'POST', '/v1/pets', body, headers);
      if (answer.status !== 201) {
        written.refusedNames.push({ name, status: answer.status });
        continue;
      }
      written.animals.push(answer.body);
      if (idempotencyKey) {
        const replay = await call(base, manager, 'POST', '/v1/pets', body, headers);
        if (replay.body.id !== answer.body.id)
          throw new Error('the Idempotency-Key replay made another animal');
        written.idempotencyKeys.push({ key: idempotencyKey, petId: answer.body.id });
      }
    }
    const inAYear = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString();
    const reader = await succeeded(
      'reader',
      await call(base, manager, 'POST', '/v1/api-keys', {
        name: 'reader',
        scopes: ['pets:read'],
        expiresAt: inAYear,
      }),
    );
    const writer = await succeeded(
      'writer',
      await call(base, manager, 'POST', '/v1/api-keys', {
        name: 'writer',
        scopes: ['pets:read', 'pets:write'],
      }),
    );
    const revoked = await succeeded(
      'revoked',
      await call(base, manager, 'POST', '/v1/api-keys', { name: 'revoked', scopes: ['pets:read'] }),
    );
    await succeeded('revoke', await call(base, manager, 'DELETE', `/v1/api-keys/${revoked.id}`));
    const rotating = await succeeded(
      'rotating',
      await call(base, manager, 'POST', '/v1/api-keys', {
        name: 'rotated',
        scopes: ['pets:read', 'pets:write'],
        expiresAt: inAYear,
      }),
    );
    const successor = await succeeded(
      'rotate',
      await call(base, manager, 'POST', `/v1/api-keys/${rotating.id}/rotate`, { overlapHours: 2 }),
    );
    written.rotations.push({ replaced: rotating.id, successor: successor.id });
    const secrets = {
      manager,
      farExpiry,
      reader: reader.key,
      writer: writer.key,
      revoked: revoked.key,
      rotated: rotating.key,
      successor: successor.key,
    };
    const list = await call(base, manager, 'GET', '/v1/api-keys');
    written.keys = { secrets, listed: list.body };
    return { written, child };
  } catch (error) {
    await stopServer(child);
    throw error;
  }
}

mkdirSync(outDir, { recursive: true });

// SQLite: a new file, closed by the server's stop so that nothing is left in its write-ahead log.
{
  const scratch = mkdtempSync(join(tmpdir(), 'upgrade-fixture-'));
  const file = join(scratch, 'store.db');
  const { written, child } = await writeStore(`file:${file}`);
  await stopServer(child);
  if (existsSync(`${file}-wal`))
    throw new Error('the SQLite file still has a write-ahead log after the stop');
  mkdirSync(join(outDir, 'sqlite'), { recursive: true });
  copyFileSync(file, join(outDir, 'sqlite', 'store.db'));
  writeFileSync(join(outDir, 'sqlite', 'written.json'), `${JSON.stringify(written, null, 2)}\n`);
  rmSync(scratch, { recursive: true, force: true });
}

// PostgreSQL: a schema of its own, dumped as plain SQL with INSERTs (no COPY), which a client library can run.
{
  const psql = (sql) => {
    const run = spawnSync('psql', [postgresUrl, '-v', 'ON_ERROR_STOP=1', '-qAtc', sql], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(run.stderr);
  };
  psql(`drop schema if exists ${FIXTURE_SCHEMA} cascade; create schema ${FIXTURE_SCHEMA}`);
  const scoped = new URL(postgresUrl);
  scoped.searchParams.set('options', `-c search_path=${FIXTURE_SCHEMA}`);
  const { written, child } = await writeStore(scoped.toString());
  await stopServer(child);
  const dump = spawnSync(
    'pg_dump',
    [
      '--schema',
      FIXTURE_SCHEMA,
      '--no-owner',
      '--no-privileges',
      '--inserts',
      '--format',
      'plain',
      postgresUrl,
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (dump.status !== 0) throw new Error(dump.stderr);
  mkdirSync(join(outDir, 'postgres'), { recursive: true });
  writeFileSync(join(outDir, 'postgres', 'dump.sql'), dump.stdout);
  writeFileSync(join(outDir, 'postgres', 'written.json'), `${JSON.stringify(written, null, 2)}\n`);
  psql(`drop schema ${FIXTURE_SCHEMA} cascade`);
}
process.stdout.write(`fixture written to ${outDir}\n`);
