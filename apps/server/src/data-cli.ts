#!/usr/bin/env node
import { setPriority } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, type DatabaseConfig, loadConfig } from './config/config.js';
import { exportAuditEvents } from './data-commands/audit-export.js';
import { backupStore } from './data-commands/backup.js';
import { checkStore } from './data-commands/check-store.js';
import type { CopyReport } from './data-commands/copy-store.js';
import { copyToDatabase } from './data-commands/copy-to-database.js';
import { type DataConnection, openDataConnection, withoutPassword } from './data-commands/data-connection.js';
import { progressOn } from './data-commands/progress.js';
import { restoreStore } from './data-commands/restore.js';
import { appliedMigrations } from './data-commands/store-inspection.js';
import { RELEASE_SCHEMA } from './data-commands/versions.js';
import { RELEASE_VERSION } from './release-version.js';

const USAGE = `Back up, restore, copy and check the Animal Store database named by DATABASE_URL.

Usage:
  data backup FILE      write a consistent backup of the store to FILE, a new SQLite store file, while the
                        store serves
  data restore FILE     restore a backup FILE into the database at DATABASE_URL, which must hold no data yet
  data copy --to URL    copy the store into the empty database at URL (postgres://… or file:PATH), in one
                        transaction, and verify it: count and checksum of every table on both sides
  data check            check the database's integrity and the store's invariants; print the schema version
                        and the release; verify the audit log's hash chain
  data audit-export FILE
                        write the audit log of key operations to FILE, a new file, in JSON Lines, oldest
                        first, one event a line as the API shows it

FILE and a file: URL are relative to the folder you are in. Exit codes: 0 done, 1 failed (one sentence on
stderr), 2 usage. Procedures: docs/operations.md, "Backups, upgrades and moving to PostgreSQL".
`;

type DataCommand =
  | { kind: 'backup' | 'restore' | 'audit-export'; file: string }
  | { kind: 'copy'; to: string }
  | { kind: 'check' };

/** As `nice -n 10`: the serving store, at 0, goes first whenever both want a CPU. */
const BACKUP_NICENESS = 10;

/** The command line is wrong: nothing was opened or changed. */
class UsageError extends Error {}

const OPTIONS = { to: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

/** Where the user typed the command: pnpm and npm run it in the package's folder and say where they were. */
const here = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

function parseCommand(argv: string[]): DataCommand | 'help' {
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; allowPositionals: true; options: typeof OPTIONS }>
  >;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { positionals, values } = parsed;
  if (values.help) return 'help';
  const [command, ...rest] = positionals;
  if (values.to !== undefined && command !== 'copy') throw new UsageError('--to is only for `data copy`');
  const extra = rest[command === 'backup' || command === 'restore' || command === 'audit-export' ? 1 : 0];
  if (command !== undefined && extra !== undefined) {
    throw new UsageError(`unexpected argument '${extra}' after '${command}'`);
  }
  switch (command) {
    case undefined:
      throw new UsageError('a command is needed: backup, restore, copy or check');
    case 'backup':
    case 'restore': {
      const [file] = rest;
      if (!file)
        throw new UsageError(
          `\`data ${command}\` needs the FILE to ${command === 'backup' ? 'write' : 'read'}`,
        );
      return { kind: command, file: here(file) };
    }
    case 'copy': {
      const to = values.to;
      if (!to) throw new UsageError('`data copy` needs --to URL, the empty database to copy into');
      if (to.startsWith('file:')) return { kind: 'copy', to: `file:${here(to.slice('file:'.length))}` };
      if (!/^postgres(ql)?:\/\//.test(to)) {
        throw new UsageError('--to must be a postgres://, postgresql:// or file: URL');
      }
      return { kind: 'copy', to };
    }
    case 'check':
      return { kind: 'check' };
    case 'audit-export': {
      const [file] = rest;
      if (!file) throw new UsageError('`data audit-export` needs the FILE to write');
      return { kind: command, file: here(file) };
    }
    default:
      throw new UsageError(`unknown command '${command}': use backup, restore, copy or check`);
  }
}

const labelOf = (database: DatabaseConfig) =>
  database.kind === 'sqlite' ? database.path : withoutPassword(database.url);

/** What a copy or a restore wrote, a table a line, tab-separated under a header row as `keys list` prints. */
function copyReport(report: CopyReport): string {
  const rows = report.tables.map((table) =>
    [table.name, table.rows, table.checksum.slice(0, 16), table.nextId ?? '-'].join('\t'),
  );
  return [
    ['TABLE', 'ROWS', 'CHECKSUM', 'NEXT_ID'].join('\t'),
    ...rows,
    `Schema version ${report.schemaVersion}. Rows and checksums are equal on both sides; the copy was one transaction.`,
  ].join('\n');
}

async function run(command: DataCommand, config: Config): Promise<number> {
  const progress = progressOn(process.stderr);
  const source = labelOf(config.database);
  switch (command.kind) {
    case 'backup': {
      // A backup runs beside the store it copies, often on its machine: it takes the CPU the store leaves.
      setPriority(BACKUP_NICENESS);
      const report = await backupStore(config.database, command.file, progress);
      const rows = Object.entries(report.rows).map(([table, count]) => `${table}\t${count}`);
      process.stdout.write(
        `Backed up ${source} to ${command.file} (${report.method}).\nTABLE\tROWS\n${rows.join('\n')}\n`,
      );
      return 0;
    }
    case 'restore': {
      const report = await restoreStore(command.file, config.database, progress);
      process.stdout.write(`Restored ${command.file} into ${report.target}.\n${copyReport(report)}\n`);
      return 0;
    }
    case 'copy': {
      const target = loadConfig({ ...process.env, DATABASE_URL: command.to }).database;
      const connection = openDataConnection(config.database, { readonly: true });
      try {
        const report = await copyToDatabase(connection, target, progress);
        process.stdout.write(`Copied ${source} to ${report.target}.\n${copyReport(report)}\n`);
      } finally {
        await connection.close();
      }
      return 0;
    }
    case 'audit-export': {
      const connection = openDataConnection(config.database, { readonly: true });
      try {
        const exported = await exportAuditEvents(connection, command.file);
        process.stdout.write(
          `Exported ${exported.events} audit events of ${source} to ${command.file}.\n` +
            (exported.newestHash
              ? `The newest event's hash is ${exported.newestHash}: keep it apart from the store, to prove later that nothing before it changed.\n`
              : ''),
        );
      } finally {
        await connection.close();
      }
      return 0;
    }
    case 'check': {
      if (config.database.kind === 'sqlite') {
        // Checking must not create the file it checks.
        const connection = openDataConnection(config.database, { readonly: true });
        return await printChecks(connection, config);
      }
      return await printChecks(openDataConnection(config.database), config);
    }
  }
}

async function printChecks(connection: DataConnection, config: Config): Promise<number> {
  try {
    const schema = (await appliedMigrations(connection)).at(-1) ?? 'none';
    const results = await checkStore(connection, {
      releaseSchema: RELEASE_SCHEMA,
      configuredManagers: config.apiKeys.length,
    });
    const lines = results.map((result) =>
      result.problem === undefined ? `ok\t${result.name}` : `FAILED\t${result.name}: ${result.problem}`,
    );
    process.stdout.write(`schema version\t${schema}\nrelease\t${RELEASE_VERSION}\n${lines.join('\n')}\n`);
    const failed = results.filter((result) => result.problem !== undefined).map((result) => result.name);
    if (failed.length === 0) return 0;
    process.stderr.write(
      `data: the store at ${connection.label} fails ${failed.length === 1 ? 'a check' : `${failed.length} checks`}: ${failed.join('; ')}.\n`,
    );
    return 1;
  } finally {
    await connection.close();
  }
}

try {
  const command = parseCommand(process.argv.slice(2));
  if (command === 'help') process.stdout.write(USAGE);
  else process.exitCode = await run(command, loadConfig(process.env));
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`data: ${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    const reason = (error as Error).message.replace(/\.$/, '');
    process.stderr.write(`data: ${reason}.\n`);
    process.exitCode = 1;
  }
}
