import { readFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import type { ErrorCode } from '@animal-store/contract';
import { CliError, RowsFailedError, UsageError } from '../cli-errors.js';
import type { Connection } from '../config.js';
import { idempotencyKey, sourceIdentity } from '../import/idempotency-key.js';
import { type ImportRow, parseRows } from '../import/parse-rows.js';
import { createProgress, type ImportCounts } from '../import/progress.js';
import { SendGate } from '../import/send-gate.js';
import { type ImportFailure, type RowOutcome, RowUnreachableError, sendRow } from '../import/send-row.js';
import { wantsJson, writeErr, writeJson, writeOut } from '../output/output.js';
import { unreadableFile } from '../unreadable-file.js';

const UNREADABLE_ROW: ErrorCode = 'malformed_json';

/**
 * Sends every row with at most `concurrency` requests in flight. A refused row is recorded and the import goes
 * on; rate limits and outages are waited out (send-row.ts). A refused key, or a server that stays unreachable
 * through a row's attempts, stops it, since every following row would fail the same way.
 */
export async function importPets(
  connection: Connection,
  file: string,
  options: { concurrency: number; json?: boolean },
): Promise<void> {
  const content = await readInput(file);
  const rows = parseRows(content);
  const source = sourceIdentity(file, content);
  const progress = createProgress(rows.length);
  const counts: ImportCounts = { created: 0, replayed: 0, failed: 0 };
  const failures: ImportFailure[] = [];
  const sending = { connection, gate: new SendGate(), onWait: progress.waiting };
  let started = 0;
  let fatal: CliError | undefined;

  const record = (outcome: RowOutcome) => {
    if (outcome.kind === 'failed') {
      failures.push(outcome.failure);
      counts.failed += 1;
    } else counts[outcome.kind] += 1;
    progress.update(counts);
  };

  const importRow = (row: ImportRow): Promise<RowOutcome> =>
    'unreadable' in row
      ? Promise.resolve({
          kind: 'failed',
          failure: { line: row.line, code: UNREADABLE_ROW, message: row.unreadable },
        })
      : sendRow(sending, row.line, row.value, idempotencyKey(source, row.line, row.value));

  const worker = async () => {
    while (fatal === undefined) {
      const row = rows[started];
      if (row === undefined) return;
      started += 1;
      try {
        record(await importRow(row));
      } catch (error) {
        if (!(error instanceof CliError)) throw error;
        if (error instanceof RowUnreachableError) record({ kind: 'failed', failure: error.failure });
        fatal ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, rows.length) }, worker));
  progress.stop();
  failures.sort((a, b) => a.line - b.line);

  if (fatal) {
    const notSent = rows.length - counts.created - counts.replayed - counts.failed;
    const lines = [
      `import stopped: ${countsText(counts)}, ${notSent} not sent`,
      ...failures.map(failureText),
    ];
    writeErr(`${lines.join('\n')}\n`);
    throw fatal;
  }
  writeSummary(file, { total: rows.length, ...counts, failures }, options.json);
  if (failures.length > 0) throw new RowsFailedError(`${failures.length} of ${rows.length} rows failed`);
}

async function readInput(file: string): Promise<string> {
  try {
    return file === '-' ? await text(process.stdin) : await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file === '-' ? 'stdin' : unreadableFile(file, error)}`);
  }
}

/** The same three counts as the progress lines, so that the last progress line and the summary agree. */
const countsText = ({ created, replayed, failed }: ImportCounts) =>
  `${created} created, ${replayed} replayed, ${failed} failed`;

const failureText = (failure: ImportFailure) => `  line ${failure.line}: ${failure.code}: ${failure.message}`;

interface ImportSummary extends ImportCounts {
  total: number;
  failures: ImportFailure[];
}

function writeSummary(file: string, summary: ImportSummary, json: boolean | undefined): void {
  if (wantsJson(json)) {
    writeJson(summary);
    return;
  }
  const name = file === '-' ? 'stdin' : file;
  const lines = [`Imported ${name}: ${summary.total} rows, ${countsText(summary)}.`];
  if (summary.replayed > 0) lines.push('  (replayed: created by an earlier run with the same file and row)');
  lines.push(...summary.failures.map(failureText));
  writeOut(`${lines.join('\n')}\n`);
}
