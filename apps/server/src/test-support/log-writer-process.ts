/**
 * A process that writes the same log lines as the store writes them, over many turns of the event loop, to its
 * stdout through pino's asynchronous destination, then ends as asked: `exit` (process.exit in the last lines'
 * turn), `crash` (an uncaught error in that turn) or `sigterm` (it says `written` over IPC and exits on SIGTERM, as
 * the store does). `tuned` writes through the tuning (request lines built for their shape, lines written once per
 * turn); `plain` through pino alone. With LOG_PIPE_NONBLOCKING, stdout is opened as Node opens a pipe it writes to
 * itself, in non-blocking mode: a full pipe answers EAGAIN. The tuning's bound on the bytes that wait, and how long
 * its exit waits for the file, are its defaults unless given.
 *
 * Usage: node --import tsx log-writer-process.ts tuned|plain exit|crash|sigterm [MAX_WAITING_BYTES [EXIT_WAIT_MS]]
 */
import pino from 'pino';
import { logWithPino, type RequestLogFields } from '../observability/request-logger.js';
import { writeLogLinesPerTurn } from '../tuning/log-lines-per-turn.js';
import { requestLogLines } from '../tuning/request-log-line.js';

const TURNS = 60;
const REQUESTS_A_TURN = 70;

const [tuning, ending, maxWaitingBytes, exitWaitMs] = process.argv.slice(2);
if (process.env.LOG_PIPE_NONBLOCKING === '1') void process.stdout;

const logger = pino(
  { base: { pid: 1, hostname: 'log-writer' }, timestamp: () => ',"time":1' },
  pino.destination({ sync: false }),
);
const tuned =
  tuning === 'tuned' &&
  writeLogLinesPerTurn(logger, {
    maxWaitingBytes: maxWaitingBytes === undefined ? undefined : Number(maxWaitingBytes),
    exitWaitMs: exitWaitMs === undefined ? undefined : Number(exitWaitMs),
  });
const writeRequestLine = (tuned && requestLogLines(logger)) || logWithPino(logger);
if (tuning === 'tuned' && !tuned) throw new Error('the tuning did not apply');
const child = logger.child({ part: 'idempotency' });

function fields(turn: number, index: number): RequestLogFields {
  return {
    req: { id: `${turn}-${index}`, method: 'GET', path: `/v1/pets/${index}/é🐕`, remoteAddress: '127.0.0.1' },
    res: { statusCode: index % 13 === 0 ? 500 : 200 },
    route: '/v1/pets/:petId',
    responseTime: index % 7,
    clientRequestId: index % 3 === 0 ? `client-${'x'.repeat(index)}` : undefined,
    aborted: index % 11 === 0,
    traceIds: undefined,
  };
}

/** One turn's lines: request lines, with other lines of the logger and of a child logger among them. */
function writeTurn(turn: number): void {
  for (let index = 0; index < REQUESTS_A_TURN; index += 1) {
    const line = fields(turn, index);
    writeRequestLine(line, line.res.statusCode >= 500 ? 'error' : 'info', `GET ${line.res.statusCode}`);
    if (index === 20) logger.warn({ turn }, 'a line of the store between request lines');
    if (index === 40) child.info({ key: 'ключ' }, 'a child logger line');
  }
}

if (ending === 'sigterm') process.on('SIGTERM', () => process.exit(0));

let turn = 0;
function nextTurn(): void {
  writeTurn(turn);
  turn += 1;
  if (turn < TURNS) {
    setImmediate(nextTurn);
    return;
  }
  if (ending === 'exit') process.exit(0);
  if (ending === 'crash') throw new Error('crash right after the last lines');
  process.send?.('written');
}
nextTurn();
