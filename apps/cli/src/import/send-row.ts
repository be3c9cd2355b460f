import { AnimalStoreError, type RetryEvent } from '@animal-store/client';
import type { NewPet } from '@animal-store/contract';
import { cliErrorOf, createApiClient } from '../api-client.js';
import { UnreachableError } from '../cli-errors.js';
import type { Connection } from '../config.js';
import type { SendGate } from './send-gate.js';

/**
 * Attempts of one row before it counts as failed, or, when the store never answered, before the import stops:
 * enough to ride out a restart of the store or a few rate-limit windows.
 */
const ROW_ATTEMPTS = 5;

/**
 * The time one row may take, longer than its attempts can last (each at most 30 s, each wait at most a rate-limit
 * window of a minute), so that the attempts decide when a row gives up. The client's default of a minute would not
 * begin a wait for a whole window.
 */
const ROW_DEADLINE_MS = 10 * 60_000;

export interface ImportFailure {
  line: number;
  code: string;
  message: string;
}

/** `replayed`: the server had created this row in an earlier run with the same Idempotency-Key. */
export type RowOutcome =
  | { kind: 'created' }
  | { kind: 'replayed' }
  | { kind: 'failed'; failure: ImportFailure };

export interface RowSending {
  connection: Connection;
  gate: SendGate;
  /** Tells the user why the import is waiting. */
  onWait(message: string): void;
}

/** A row that could not be delivered within its attempts; the import stops, as every other row would wait too. */
export class RowUnreachableError extends UnreachableError {
  constructor(
    readonly failure: ImportFailure,
    cause: UnreachableError,
    attempts: number,
  ) {
    super(cause.address, `${cause.reason}; gave up after ${attempts} attempt${attempts === 1 ? '' : 's'}`);
  }
}

/**
 * Sends one row until the store decides it: created, replayed or refused. The client repeats the row after 429,
 * 503, no answer or the same key still in progress, each time with the same Idempotency-Key, so a resend after a
 * lost answer, a timeout or a 503 that followed a commit cannot create the animal twice. A refused key
 * (401) is thrown, as it would refuse every row.
 */
export async function sendRow(
  sending: RowSending,
  line: number,
  pet: unknown,
  idempotencyKey: string,
): Promise<RowOutcome> {
  const { connection, gate } = sending;
  let attempts = 1;
  // A client of its own, so that the waits it reports name this row.
  const client = createApiClient(connection, {
    attempts: ROW_ATTEMPTS,
    deadlineMs: ROW_DEADLINE_MS,
    onRetry(event) {
      attempts = event.attempt + 1;
      reportWait(event, line, sending);
    },
  });
  await gate.ready();
  try {
    // Rows are sent as they are: the server is the one judge of a valid animal, and its message is what the
    // summary reports for a refused row.
    const { replayed } = await client.pets.createWithReceipt(pet as NewPet, { idempotencyKey });
    return { kind: replayed ? 'replayed' : 'created' };
  } catch (error) {
    if (!(error instanceof AnimalStoreError)) throw error;
    const refusal = cliErrorOf(error, connection.baseUrl);
    if (refusal instanceof UnreachableError) {
      throw new RowUnreachableError(
        { line, code: 'unreachable', message: refusal.message },
        refusal,
        attempts,
      );
    }
    if (refusal.status === 401) throw refusal;
    return { kind: 'failed', failure: { line, code: refusal.code, message: refusal.apiMessage } };
  }
}

/**
 * Says why the import waits, and pauses every worker for a 429 or a 503: the key's budget and the store's outage
 * hold for every row. A 409 in progress concerns this row's key alone, and lasts about a second: it goes unsaid.
 */
function reportWait({ attempt, delayMs, error }: RetryEvent, line: number, sending: RowSending): void {
  const { connection, gate, onWait } = sending;
  const said = cliErrorOf(error, connection.baseUrl);
  if (error.status === 429 || error.status === 503) {
    // Several workers are refused at once; the pause is reported when it begins, not once per worker.
    if (gate.pause(delayMs)) {
      onWait(`${said.message} Waiting ${inSeconds(delayMs)} as the server asks, then resending.`);
    }
  } else if (said instanceof UnreachableError) {
    onWait(
      `line ${line}: ${said.message}. Resending in ${inSeconds(delayMs)} (attempt ${attempt + 1} of ${ROW_ATTEMPTS}).`,
    );
  }
}

const inSeconds = (ms: number) => `${Math.max(1, Math.round(ms / 1000))} s`;
