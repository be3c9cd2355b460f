import { readFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import type { ErrorCode, NewPet } from '@animal-store/contract';
import { type ApiClient, failureOf } from '../api-client.js';
import { type ApiResponseError, CliError, RowsFailedError, UsageError } from '../cli-errors.js';
import { idempotencyKey, sourceIdentity } from '../import/idempotency-key.js';
import { type ImportRow, parseRows } from '../import/parse-rows.js';
import { createProgress } from '../import/progress.js';
import { wantsJson, writeErr, writeJson, writeOut } from '../output/output.js';

export interface ImportFailure {
  line: number;
  code: string;
  message: string;
}

/** `replayed`: the server had created this row in an earlier run with the same Idempotency-Key. */
type RowOutcome = { created: true; replayed: boolean } | { created: false; failure: ImportFailure };

const UNREADABLE_ROW: ErrorCode = 'malformed_json';

/**
 * Sends every row with at most `concurrency` requests in flight. A refused row is recorded and the import goes
 * on; an unreachable server or a refused key stops it, since every following row would fail the same way.
 */
export async function importPets(
  client: ApiClient,
  file: string,
  options: { concurrency: number; json?: boolean },
): Promise<void> {
  const content = await readInput(file);
  const rows = parseRows(content);
  const source = sourceIdentity(file, content);
  const progress = createProgress(rows.length);
  const failures: ImportFailure[] = [];
  let created = 0;
  let replayed = 0;
  let started = 0;
  let fatal: CliError | undefined;

  const worker = async () => {
    while (fatal === undefined) {
      const row = rows[started];
      if (row === undefined) return;
      started += 1;
      try {
        const outcome = await importRow(client, source, row);
        if (outcome.created && outcome.replayed) replayed += 1;
        else if (outcome.created) created += 1;
        else failures.push(outcome.failure);
        progress.update(created + replayed + failures.length, created + replayed, failures.length);
      } catch (error) {
        if (!(error instanceof CliError)) throw error;
        fatal ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, rows.length) }, worker));
  progress.stop();

  if (fatal) {
    const notSent = rows.length - created - replayed - failures.length;
    writeErr(
      `import stopped: ${created + replayed} created, ${failures.length} failed, ${notSent} not sent\n`,
    );
    throw fatal;
  }
  failures.sort((a, b) => a.line - b.line);
  writeSummary(
    file,
    { total: rows.length, created, replayed, failed: failures.length, failures },
    options.json,
  );
  if (failures.length > 0) throw new RowsFailedError(`${failures.length} of ${rows.length} rows failed`);
}

async function importRow(client: ApiClient, source: string, row: ImportRow): Promise<RowOutcome> {
  if ('unreadable' in row) {
    return { created: false, failure: { line: row.line, code: UNREADABLE_ROW, message: row.unreadable } };
  }
  const response = await client.createPet({
    // Rows are sent as they are: the server is the one judge of a valid animal, and its message is what the
    // summary reports for a refused row.
    body: row.value as NewPet,
    headers: { 'idempotency-key': idempotencyKey(source, row.line, row.value) },
  });
  if (response.status === 201) {
    return { created: true, replayed: response.headers.get('idempotent-replayed') === 'true' };
  }
  const error = failureOf(response);
  if (error.status === 401) throw error;
  return { created: false, failure: failureRecord(row.line, error) };
}

const failureRecord = (line: number, error: ApiResponseError): ImportFailure => ({
  line,
  code: error.code,
  message: error.apiMessage,
});

async function readInput(file: string): Promise<string> {
  try {
    return file === '-' ? await text(process.stdin) : await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`);
  }
}

interface ImportSummary {
  total: number;
  created: number;
  /** Rows an earlier run had already created: the server replayed its answer instead of adding them again. */
  replayed: number;
  failed: number;
  failures: ImportFailure[];
}

function writeSummary(file: string, summary: ImportSummary, json: boolean | undefined): void {
  if (wantsJson(json)) {
    writeJson(summary);
    return;
  }
  const name = file === '-' ? 'stdin' : file;
  const { total, created, replayed, failed, failures } = summary;
  const earlier = replayed > 0 ? `, ${replayed} already created by an earlier run` : '';
  const lines = [`Imported ${name}: ${total} rows, ${created} created${earlier}, ${failed} failed.`];
  for (const failure of failures) lines.push(`  line ${failure.line}: ${failure.code}: ${failure.message}`);
  writeOut(`${lines.join('\n')}\n`);
}
