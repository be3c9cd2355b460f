import { setTimeout as sleep } from 'node:timers/promises';
import type { NewPet } from '@animal-store/contract';
import { type ApiClient, failureOf } from '../api-client.js';
import { type ApiResponseError, UnreachableError } from '../cli-errors.js';
import { backoffMs, inSeconds, RATE_LIMIT_WAITS, retryAfterMs, TRANSIENT_ATTEMPTS } from './retry-policy.js';
import type { SendGate } from './send-gate.js';

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
  client: ApiClient;
  gate: SendGate;
  /** Tells the user why the import is waiting. */
  onWait(message: string): void;
}

/** A row that could not be delivered within its attempts; the import stops, as every other row would wait too. */
export class RowUnreachableError extends UnreachableError {
  constructor(
    readonly failure: ImportFailure,
    cause: UnreachableError,
  ) {
    super(cause.address, `${cause.reason}; gave up after ${TRANSIENT_ATTEMPTS} attempts`);
  }
}

/**
 * Sends one row until the server decides it: created, replayed or refused. Every attempt carries the same
 * Idempotency-Key, so a resend after a lost answer or a timeout cannot create the animal twice. A refused key
 * (401) is thrown, as it would refuse every row.
 */
export async function sendRow(
  { client, gate, onWait }: RowSending,
  line: number,
  pet: unknown,
  idempotencyKey: string,
): Promise<RowOutcome> {
  let transientFailures = 0;
  let rateLimitWaits = 0;
  for (;;) {
    await gate.ready();
    let response: Awaited<ReturnType<ApiClient['createPet']>>;
    try {
      response = await client.createPet({
        // Rows are sent as they are: the server is the one judge of a valid animal, and its message is what the
        // summary reports for a refused row.
        body: pet as NewPet,
        headers: { 'idempotency-key': idempotencyKey },
      });
    } catch (error) {
      if (!(error instanceof UnreachableError)) throw error;
      transientFailures += 1;
      if (transientFailures >= TRANSIENT_ATTEMPTS) {
        throw new RowUnreachableError({ line, code: 'unreachable', message: error.message }, error);
      }
      const delay = backoffMs(transientFailures);
      onWait(
        `line ${line}: ${error.message}. Resending in ${inSeconds(delay)} (attempt ${transientFailures + 1} of ${TRANSIENT_ATTEMPTS}).`,
      );
      await sleep(delay);
      continue;
    }
    if (response.status === 201) {
      return { kind: response.headers.get('idempotent-replayed') === 'true' ? 'replayed' : 'created' };
    }
    const error = failureOf(response);
    if (error.status === 401) throw error;
    const waitFor = retryAfterMs(response.headers.get('retry-after'));

    if (error.status === 429 && rateLimitWaits < RATE_LIMIT_WAITS) {
      rateLimitWaits += 1;
      pauseEveryone(gate, onWait, error, waitFor ?? backoffMs(rateLimitWaits));
      continue;
    }
    const transient =
      error.status === 503 || (error.status === 409 && error.code === 'idempotency_request_in_progress');
    if (transient && transientFailures + 1 < TRANSIENT_ATTEMPTS) {
      transientFailures += 1;
      const delay = waitFor ?? backoffMs(transientFailures);
      // A 503 is the server's state, for every row; a request in progress concerns this row's key alone.
      if (error.status === 503) pauseEveryone(gate, onWait, error, delay);
      else await sleep(delay);
      continue;
    }
    return { kind: 'failed', failure: { line, code: error.code, message: error.apiMessage } };
  }
}

function pauseEveryone(
  gate: SendGate,
  onWait: (message: string) => void,
  error: ApiResponseError,
  delayMs: number,
): void {
  // Several workers are refused at once; the pause is reported when it begins, not once per worker.
  if (gate.pause(delayMs)) {
    onWait(`${error.message} Waiting ${inSeconds(delayMs)} as the server asks, then resending.`);
  }
}
