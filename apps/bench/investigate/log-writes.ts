import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requestLogLines, writeLogLinesPerTurn } from '@animal-store/server/tuning';
import pino from 'pino';

type Fields = Parameters<NonNullable<ReturnType<typeof requestLogLines>>>[0];

/** A getPet's line, as the store writes it under load. */
const FIELDS: Fields = {
  req: {
    id: '2f1e0c4a-93b1-4a57-9d7e-3c1b2a4d5e6f',
    method: 'GET',
    path: '/v1/pets/4711',
    remoteAddress: '127.0.0.1',
  },
  res: { statusCode: 200 },
  route: '/v1/pets/:petId',
  responseTime: 1,
  clientRequestId: undefined,
  aborted: false,
  traceIds: undefined,
};

const LINES = 100_000;
const RUNS = 12;
/** Lines finished in one turn of the event loop: a lone client's, and what 50 connections may finish together. */
const LINES_A_TURN = [1, 5, 20];

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** µs of the process's CPU time (every thread, user and kernel) a line costs, written `linesATurn` a turn. */
async function cpuALine(path: string, linesATurn: number, perTurn: boolean): Promise<number> {
  rmSync(path, { force: true });
  const destination = pino.destination({ dest: path, sync: false });
  await new Promise((resolve) => destination.once('ready', resolve));
  const logger = pino({ level: 'info' }, destination);
  if (perTurn && !writeLogLinesPerTurn(logger)) throw new Error('log lines per turn did not apply');
  const write = requestLogLines(logger);
  if (write === undefined) throw new Error('the request log line built for its shape did not apply');
  const start = process.cpuUsage();
  for (let turn = 0; turn < LINES / linesATurn; turn += 1) {
    for (let line = 0; line < linesATurn; line += 1) write(FIELDS, 'info', 'GET 200');
    await nextTurn();
  }
  const used = process.cpuUsage(start);
  await new Promise((resolve) => {
    destination.once('finish', resolve);
    destination.end();
  });
  return (used.user + used.system) / LINES;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const spread = (values: number[]) =>
  `${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;

/**
 * The request log line's CPU time through pino's asynchronous destination, and written once per turn of the event
 * loop (ledger row 8), both with the line built for its shape (row 7), to a file: runs taken in turns, in one
 * process. Only the write path differs.
 */
export async function logWrites(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'animal-store-log-writes-'));
  try {
    for (const linesATurn of LINES_A_TURN) {
      const plain: number[] = [];
      const perTurn: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const order = run % 2 === 0 ? [false, true] : [true, false];
        for (const tuned of order) {
          (tuned ? perTurn : plain).push(await cpuALine(join(dir, 'requests.log'), linesATurn, tuned));
        }
      }
      process.stdout.write(
        `${linesATurn} line${linesATurn === 1 ? '' : 's'} a turn: µs of CPU a line (median of ${RUNS} runs of ` +
          `${LINES} lines, range): pino's destination ${spread(plain)}, once per turn ${spread(perTurn)}\n`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
