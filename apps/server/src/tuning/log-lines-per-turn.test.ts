import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLogLinesPerTurn } from './log-lines-per-turn.js';

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
    const writer = spawn(process.execPath, ['--import', 'tsx', WRITER, 'tuned', 'sigterm'], {
      cwd: serverDir,
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
      env: { ...process.env, LOG_PIPE_NONBLOCKING: '1' },
    });
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
