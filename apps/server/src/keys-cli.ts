#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { openStore } from './store/open-store.js';

const USAGE = `Manage the API keys of the Animal Store database named by DATABASE_URL.

Usage:
  keys create --name NAME   create a key and print it (shown only this once)
  keys list                 list keys (never the keys themselves)
  keys revoke ID            revoke the key with that id
`;

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, argument] = positionals;
  if (values.help || command === undefined) {
    process.stdout.write(USAGE);
    return values.help ? 0 : 2;
  }
  const store = await openStore(loadConfig(process.env).database);
  try {
    switch (command) {
      case 'create': {
        if (!values.name) break;
        const created = await store.keys.create(values.name);
        process.stderr.write(`Created key ${created.id} (${created.name}). It is shown only this once:\n`);
        process.stdout.write(`${created.key}\n`);
        return 0;
      }
      case 'list': {
        for (const key of await store.keys.list()) {
          const state = key.revokedAt ? `revoked ${key.revokedAt}` : 'active';
          process.stdout.write(
            `${key.id}\t${key.prefix}…\t${key.name}\tcreated ${key.createdAt}\t${state}\n`,
          );
        }
        return 0;
      }
      case 'revoke': {
        const id = Number(argument);
        if (!Number.isSafeInteger(id) || id < 1) break;
        if (!(await store.keys.revoke(id))) {
          process.stderr.write(`No active key has id ${argument}.\n`);
          return 1;
        }
        process.stdout.write(`Revoked key ${id}.\n`);
        return 0;
      }
    }
    process.stderr.write(USAGE);
    return 2;
  } finally {
    await store.database.close();
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`keys: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
