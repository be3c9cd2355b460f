import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepPendingLogChunkLength } from './pending-log-chunk.js';

type Destination = ReturnType<typeof pino.destination>;
/** What the tuned write relies on, read to check that it leaves sonic-boom as sonic-boom would. */
type Internals = { _bufs: string[]; _len: number; maxWrite: number };

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pending-log-chunk-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** pino's asynchronous destination on a file of its own, as the store's logger has it (small chunks, to split),
 *  once the file is open. */
async function fileDestination(name: string, options: { contentMode?: 'buffer' } = {}) {
  const path = join(dir, name);
  const destination = pino.destination({ dest: path, sync: false, maxWrite: 1_000, ...options });
  await new Promise((resolve) => destination.once('ready', resolve));
  return { path, destination, logger: pino({ level: 'info' }, destination) };
}

/** Every line written: ASCII, two- and four-byte characters, long enough that chunks fill up and split. */
const LINES = Array.from(
  { length: 400 },
  (_, index) => `{"n":${index},"name":"${'é'.repeat(index % 7)}🐕${'x'.repeat(index % 90)}"}\n`,
);

function finished(destination: Destination): Promise<void> {
  return new Promise((resolve, reject) => {
    destination.once('error', reject);
    destination.once('finish', () => resolve());
    destination.end();
  });
}

/** Writes the lines in bursts, so that lines pile up while a file write is under way, and records each answer. */
async function writeInBursts(destination: Destination): Promise<boolean[]> {
  const answers: boolean[] = [];
  for (let start = 0; start < LINES.length; start += 50) {
    for (const line of LINES.slice(start, start + 50)) answers.push(destination.write(line));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return answers;
}

const utf8Bytes = (text: string) => Buffer.byteLength(text);

describe("keeping the length of pino's pending log chunk", () => {
  it('writes the same bytes in the same order as sonic-boom, while file writes are under way', async () => {
    const plain = await fileDestination('plain.log');
    const tuned = await fileDestination('tuned.log');
    expect(keepPendingLogChunkLength(tuned.logger)).toBe(true);
    await writeInBursts(plain.destination);
    await writeInBursts(tuned.destination);
    await Promise.all([finished(plain.destination), finished(tuned.destination)]);
    expect(readFileSync(tuned.path, 'utf8')).toBe(LINES.join(''));
    expect(readFileSync(plain.path, 'utf8')).toBe(LINES.join(''));
  });

  it('answers each write as sonic-boom does: whether the pending bytes are under its high-water mark', async () => {
    const plain = await fileDestination('plain.log');
    const tuned = await fileDestination('tuned.log');
    keepPendingLogChunkLength(tuned.logger);
    // In one burst no file write finishes, so both see exactly the same pending bytes.
    const lines = [...LINES, ...LINES, ...LINES];
    const plainAnswers = lines.map((line) => plain.destination.write(line));
    const tunedAnswers = lines.map((line) => tuned.destination.write(line));
    expect(plainAnswers).toContain(false);
    expect(tunedAnswers).toStrictEqual(plainAnswers);
    await Promise.all([finished(plain.destination), finished(tuned.destination)]);
  });

  it('fills chunks up to maxWrite bytes and no further, and counts every pending byte', async () => {
    const { destination, logger } = await fileDestination('chunks.log');
    keepPendingLogChunkLength(logger);
    const internals = destination as unknown as Internals;
    // The first line starts a file write; the rest wait in chunks, since no write has finished in this tick.
    for (const line of LINES) destination.write(line);
    expect(internals._bufs.length).toBeGreaterThan(2);
    for (const chunk of internals._bufs) expect(utf8Bytes(chunk)).toBeLessThanOrEqual(internals.maxWrite);
    expect(internals._bufs.join('')).toBe(LINES.slice(1).join(''));
    expect(internals._len).toBe(utf8Bytes(LINES.join('')));
    await finished(destination);
  });

  it('measures a chunk it did not fill itself before adding to it', async () => {
    const { path, destination, logger } = await fileDestination('put-back.log');
    keepPendingLogChunkLength(logger);
    const internals = destination as unknown as Internals;
    destination.write(LINES[0] as string); // starts a file write
    destination.write(LINES[1] as string); // waits in a chunk of its own
    // A chunk sonic-boom adds itself, as after a partial write or a flush: nearly full (5 bytes under maxWrite, in
    // two-byte characters too), so that taking it for the chunk last filled, whose bytes are few, would overfill it.
    const putBack = `{"put":"${'é'.repeat(400)}${'x'.repeat(internals.maxWrite - 5 - 11 - 800)}"}\n`;
    expect(utf8Bytes(putBack)).toBe(internals.maxWrite - 5);
    internals._bufs.push(putBack);
    internals._len += utf8Bytes(putBack);
    for (const line of LINES.slice(2)) destination.write(line);
    for (const chunk of internals._bufs) expect(utf8Bytes(chunk)).toBeLessThanOrEqual(internals.maxWrite);
    await finished(destination);
    expect(readFileSync(path, 'utf8')).toBe(`${LINES[0]}${LINES[1]}${putBack}${LINES.slice(2).join('')}`);
  });

  it('leaves alone what is not pino’s text destination, and tunes a destination once', async () => {
    const buffers = await fileDestination('buffers.log', { contentMode: 'buffer' });
    const ownWrite = buffers.destination.write;
    expect(keepPendingLogChunkLength(buffers.logger)).toBe(false);
    expect(buffers.destination.write).toBe(ownWrite);
    await finished(buffers.destination);

    const lines: string[] = [];
    expect(keepPendingLogChunkLength(pino({}, { write: (line: string) => lines.push(line) }))).toBe(false);

    const { destination, logger } = await fileDestination('twice.log');
    keepPendingLogChunkLength(logger);
    const tunedWrite = destination.write;
    expect(keepPendingLogChunkLength(logger)).toBe(true);
    expect(destination.write).toBe(tunedWrite);
    await finished(destination);
  });

  it('still writes what the logger logs, through pino', async () => {
    const { path, destination, logger } = await fileDestination('pino.log');
    keepPendingLogChunkLength(logger);
    for (let n = 0; n < 200; n += 1) logger.info({ n }, 'line');
    await finished(destination);
    const written = readFileSync(path, 'utf8').trim().split('\n');
    expect(written.map((line) => (JSON.parse(line) as { n: number }).n)).toStrictEqual(
      Array.from({ length: 200 }, (_, n) => n),
    );
  });
});
