import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WAITING_BYTES, writeLogLinesPerTurn } from './log-lines-per-turn.js';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const WRITER = 'src/test-support/log-writer-process.ts';
/** A writer process starts through tsx and writes a megabyte: on a loaded 2-core machine that took up to a minute. */
const PROCESS_TIMEOUT_MS = 180_000;

let dir: string;
/** What pino alone writes: the writer process's lines through pino's own destination, to a file. */
let pinosOwn: Buffer;

/** Runs the writer with its stdout and stderr on one file; resolves with the file once the process is gone. */
async function runToFile(name: string, tuning: 'tuned' | 'plain', ending: 'exit' | 'crash'): Promise<Buffer> {
  const path = join(dir, name);
  const fd = openSync(path, 'w');
  const writer = spawn(process.execPath, ['--import', 'tsx', WRITER, tuning, ending], {
    cwd: serverDir,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  await new Promise((resolve) => writer.once('close', resolve));
  return readFileSync(path);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'log-lines-per-turn-'));
  pinosOwn = await runToFile('pino.log', 'plain', 'exit');
  expect(pinosOwn.length).toBeGreaterThan(1_000_000);
}, PROCESS_TIMEOUT_MS);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** pino's asynchronous destination on a file of its own, as the store's logger has it, once the file is open. */
async function fileLogger(name: string) {
  const path = join(dir, name);
  const destination = pino.destination({ dest: path, sync: false });
  await new Promise((resolve) => destination.once('ready', resolve));
  const logger = pino({ base: undefined, timestamp: false }, destination);
  const ended = () =>
    new Promise<void>((resolve, reject) => {
      destination.once('error', reject);
      destination.once('finish', () => resolve());
      destination.end();
    });
  return { path, destination, logger, ended };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const line = (n: number) => `{"level":30,"n":${n},"msg":"é🐕${'x'.repeat(n % 300)}"}\n`;

describe('log lines written once per turn of the event loop', () => {
  it("has every line of a turn in the file when the turn is over, in pino's order", async () => {
    const { path, logger, ended } = await fileLogger('turns.log');
    expect(writeLogLinesPerTurn(logger)).toBe(true);
    let expected = '';
    for (let turn = 0; turn < 20; turn += 1) {
      for (let n = 0; n < 150; n += 1) {
        logger.info({ n: turn * 1000 + n }, `é🐕${'x'.repeat(n)}`);
        if (n === 75) logger.child({ turn }).warn('a line of a child logger');
      }
      await nextTurn();
      // Written synchronously by the end of the turn: a SIGKILL from here on loses none of these lines.
      const written = readFileSync(path, 'utf8');
      expect(written.split('\n').length - 1).toBe((turn + 1) * 151);
      expected = written;
    }
    await ended();
    expect(readFileSync(path, 'utf8')).toBe(expected);
    expect(expected).toContain('{"level":40,"turn":19,"msg":"a line of a child logger"}\n');
  });

  it('keeps lines written before the tuning ahead of those after, while sonic-boom still writes them', async () => {
    const { path, destination, logger, ended } = await fileLogger('before.log');
    const lines = Array.from({ length: 6_000 }, (_, n) => line(n));
    for (const text of lines.slice(0, 3_000)) destination.write(text);
    expect(writeLogLinesPerTurn(logger)).toBe(true);
    for (const text of lines.slice(3_000, 4_000)) destination.write(text);
    await nextTurn();
    for (const text of lines.slice(4_000)) destination.write(text);
    await ended();
    expect(readFileSync(path, 'utf8')).toBe(lines.join(''));
  });

  it('writes a line longer than its buffer whole, in its place', async () => {
    const { path, destination, logger, ended } = await fileLogger('long.log');
    writeLogLinesPerTurn(logger);
    const lines = [line(1), `${'ü'.repeat(70_000)}\n`, line(2)];
    for (const text of lines) destination.write(text);
    await ended();
    expect(readFileSync(path, 'utf8')).toBe(lines.join(''));
  });

  it('leaves every other stream as it is', () => {
    const file = join(dir, 'other.log');
    const others = [
      pino.destination({ dest: file, sync: true }),
      pino.destination({ dest: file, sync: false, minLength: 4096 }),
      pino.destination({ dest: file, sync: false, contentMode: 'buffer' }),
      { write: () => true },
    ];
    for (const stream of others) {
      const write = stream.write;
      expect(writeLogLinesPerTurn(pino({}, stream))).toBe(false);
      expect(stream.write).toBe(write);
    }
  });
});

describe('log lines written once per turn, in a real process', { timeout: PROCESS_TIMEOUT_MS }, () => {
  it("writes pino's bytes when the process exits in the last lines' turn", async () => {
    expect(await runToFile('exit.log', 'tuned', 'exit')).toStrictEqual(pinosOwn);
  });

  it("writes every line before a crash's error", async () => {
    const written = await runToFile('crash.log', 'tuned', 'crash');
    expect(written.subarray(0, pinosOwn.length)).toStrictEqual(pinosOwn);
    expect(written.subarray(pinosOwn.length).toString()).toContain('Error: crash right after the last lines');
  });

  it("writes pino's bytes through a pipe that refuses them (EAGAIN) until SIGTERM ends the process", async () => {
    // The exit waits as long as the reader reads: the test's reader starts only once SIGTERM is sent.
    const writer = spawn(
      process.execPath,
      ['--import', 'tsx', WRITER, 'tuned', 'sigterm', String(MAX_WAITING_BYTES), String(PROCESS_TIMEOUT_MS)],
      {
        cwd: serverDir,
        stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
        env: { ...process.env, LOG_PIPE_NONBLOCKING: '1' },
      },
    );
    try {
      const stdout = writer.stdout as NodeJS.ReadableStream;
      stdout.pause();
      // A pipe holds far less than the writer's megabyte: by the time it says `written`, unread, most was refused.
      await new Promise((resolve) => writer.once('message', resolve));
      const chunks: Buffer[] = [];
      const closed = new Promise((resolve) => writer.once('close', resolve));
      writer.kill('SIGTERM');
      stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      stdout.resume();
      await closed;
      expect(writer.exitCode).toBe(0);
      expect(Buffer.concat(chunks)).toStrictEqual(pinosOwn);
    } finally {
      writer.kill('SIGKILL');
    }
  });
});

/** The lines of `text`, each with its line end; a last line without one is a line begun and not finished. */
const linesOf = (text: Buffer) => text.toString().split(/(?<=\n)/);

/** `some` holds whole lines of `all`, in their order, with none between them made up or cut. */
function expectLinesInOrder(some: Buffer, all: Buffer) {
  const allLines = linesOf(all);
  let next = 0;
  for (const line of linesOf(some)) {
    while (next < allLines.length && allLines[next] !== line) next += 1;
    expect(next, `a line not among pino's, or out of order: ${line.slice(0, 80)}`).toBeLessThan(
      allLines.length,
    );
    next += 1;
  }
}

/**
 * A named pipe, which holds 64 KiB as Linux's pipes do (a child's `pipe` stdio is a socket pair, which holds what
 * the system's socket buffers allow): its write end for a child, and its read end, not read until `read`.
 */
function namedPipe() {
  const path = join(dir, `pipe-${Math.random().toString(36).slice(2)}`);
  execFileSync('mkfifo', [path]);
  // Read end first, without blocking: then the write end opens at once.
  const readFd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  const writeFd = openSync(path, 'w');
  /** Everything in the pipe, once every writer has closed it (a socket on the fd would start reading at once). */
  const read = () =>
    new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      const reader = new Socket({ fd: readFd, writable: false });
      reader.on('data', (chunk: Buffer) => chunks.push(chunk));
      reader.once('end', () => resolve(Buffer.concat(chunks)));
    });
  return { writeFd, read };
}

/**
 * The writer, tuned, writing to a non-blocking pipe that is not read until the test reads it; its stderr is read
 * all along, as a supervisor reads it.
 */
function writeToUnreadPipe(args: string[]) {
  const pipe = namedPipe();
  const writer = spawn(process.execPath, ['--import', 'tsx', WRITER, 'tuned', 'sigterm', ...args], {
    cwd: serverDir,
    stdio: ['ignore', pipe.writeFd, 'pipe', 'ipc'],
    env: { ...process.env, LOG_PIPE_NONBLOCKING: '1' },
  });
  closeSync(pipe.writeFd);
  let stderr = '';
  writer.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return {
    writer,
    stderr: () => stderr,
    written: new Promise((resolve) => writer.once('message', resolve)),
    exited: new Promise<number | null>((resolve) => writer.once('exit', resolve)),
    /** Starts reading stdout; resolves with all of it once the process has closed it. */
    readAll: pipe.read,
  };
}

describe('log lines a file refuses, in a real process', { timeout: PROCESS_TIMEOUT_MS }, () => {
  const processes: ChildProcess[] = [];
  afterEach(() => {
    for (const writer of processes.splice(0)) writer.kill('SIGKILL');
  });

  it('keeps at most the bound waiting for a pipe nobody reads, drops the rest and says so once', async () => {
    const bound = 64 * 1024;
    const run = writeToUnreadPipe([String(bound), String(PROCESS_TIMEOUT_MS)]);
    processes.push(run.writer);
    await run.written;
    run.writer.kill('SIGTERM');
    const output = await run.readAll();
    expect(await run.exited).toBe(0);
    // What was not dropped is what waited plus what the pipe held, far less than was written.
    expect(output.length).toBeLessThanOrEqual(bound + 64 * 1024);
    expectLinesInOrder(output, pinosOwn);
    const dropped = linesOf(pinosOwn).length - linesOf(output).length;
    expect(run.stderr()).toBe(
      `animal-store: dropping log lines: more than ${bound} bytes of them wait for the log's file to take them; the count follows once it takes them again, or at exit\n` +
        `animal-store: the log takes lines again; ${dropped} log lines were dropped\n`,
    );
  });

  it('ends on SIGTERM while nobody reads its pipe, and says how many lines the pipe did not take', async () => {
    const run = writeToUnreadPipe([]);
    processes.push(run.writer);
    await run.written;
    run.writer.kill('SIGTERM');
    // The old exit waited for a reader for ever: only the test's timeout ended it.
    expect(await run.exited).toBe(0);
    const output = await run.readAll();
    expectLinesInOrder(output.subarray(0, output.lastIndexOf('\n') + 1), pinosOwn);
    // A line the pipe took only the beginning of counts as dropped.
    const dropped = linesOf(pinosOwn).length - (linesOf(output).length - (output.at(-1) === 10 ? 0 : 1));
    expect(dropped).toBeGreaterThan(0);
    expect(run.stderr()).toBe(
      `animal-store: ${dropped} log lines were dropped, ${dropped} of them at exit: the log took no more\n`,
    );
  });
});
