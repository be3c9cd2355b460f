import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { sqliteTestDatabase } from '../test-support/databases.js';
import { startOtlpReceiver } from '../test-support/otlp-receiver.js';
import { callerSpan, serverSpanOf, startTracedStore } from '../test-support/traced-store.js';

/** A collector that accepts every connection and never answers: each socket stays open until the test ends. */
async function silentCollector() {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.resume();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    /** Connections accepted and still open: exports waiting for an answer. */
    open: () => sockets.filter((socket) => !socket.destroyed).length,
    accepted: () => sockets.length,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}

/**
 * Far longer than any stop: the exporter's own timeouts (OTLP request and batch export), which alone would end an
 * export to a collector that never answers.
 */
const EXPORTER_TIMEOUT_MS = 120_000;

/** Resolves with the exit code, or with 'still running' once `ms` have passed. */
const exitWithin = (exited: Promise<number | null>, ms: number) =>
  Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('still running'), ms).unref())]);

describe('tracing across a stop', () => {
  it('SIGTERM sends the spans still waiting for their batch', async () => {
    // A batch delay longer than the test: only the shutdown's flush can send the span.
    const store = await startTracedStore(sqliteTestDatabase, { OTEL_BSP_SCHEDULE_DELAY: '600000' });
    try {
      const caller = callerSpan();
      expect((await store.send('/v1/pets', { traceparent: caller.traceparent })).status).toBe(200);
      await store.server.stop();
      expect(serverSpanOf(store.receiver.spans(), caller)?.name).toBe('GET /v1/pets');
    } finally {
      await store.stop();
    }
  });

  it('an unreachable collector costs dropped spans and one log line, not one per batch', async () => {
    const receiver = await startOtlpReceiver();
    // A port that was just free: nothing listens there.
    await receiver.close();
    const store = await startTracedStore(sqliteTestDatabase, {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.origin,
      OTEL_EXPORTER_OTLP_TIMEOUT: '1000',
    });
    try {
      expect((await store.send('/v1/pets', {})).status).toBe(200);
      const warnings = () =>
        store.server
          .output()
          .split('\n')
          .filter((line) => line.includes('cannot be sent'));
      await expect.poll(() => warnings().length).toBe(1);
      // More batches fail, each after the first warning: the last one at the stop's flush.
      for (let round = 0; round < 3; round++) expect((await store.send('/v1/pets', {})).status).toBe(200);
      await store.server.stop();
      expect(warnings()).toHaveLength(1);
    } finally {
      await store.stop();
    }
  });

  it('SIGTERM ends soon after the drain when the collector accepts and never answers, dropping what it holds', async () => {
    const collector = await silentCollector();
    // Spans wait for the stop's flush, which then meets the silent collector.
    const store = await startTracedStore(sqliteTestDatabase, {
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.origin,
      OTEL_EXPORTER_OTLP_TIMEOUT: String(EXPORTER_TIMEOUT_MS),
      OTEL_BSP_EXPORT_TIMEOUT: String(EXPORTER_TIMEOUT_MS),
      OTEL_BSP_SCHEDULE_DELAY: '600000',
    });
    try {
      expect((await store.send('/v1/pets', {})).status).toBe(200);
      store.server.child.kill('SIGTERM');
      // The stop's drain is 1 s, and the bounded flush half a second more: 30 s is generous on a busy machine and
      // a quarter of what the exporter would have waited.
      expect(await exitWithin(store.server.exited, 30_000)).toBe(0);
      expect(collector.accepted()).toBeGreaterThan(0);
      expect(store.server.output()).toContain('traces not sent within 500 ms of the stop are dropped');
      expect(store.server.output()).toContain('"msg":"stopped"');
    } finally {
      await store.stop();
      await collector.close();
    }
  }, 60_000);

  it('warns that spans are dropped while the first export is still unanswered, not once the exporter gives up', async () => {
    const collector = await silentCollector();
    const store = await startTracedStore(sqliteTestDatabase, {
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.origin,
      OTEL_EXPORTER_OTLP_TIMEOUT: String(EXPORTER_TIMEOUT_MS),
      OTEL_BSP_EXPORT_TIMEOUT: String(EXPORTER_TIMEOUT_MS),
    });
    try {
      expect((await store.send('/v1/pets', {})).status).toBe(200);
      await expect.poll(collector.accepted).toBeGreaterThan(0);
      await expect
        .poll(() => store.server.output().includes('cannot be sent to the collector'), { timeout: 30_000 })
        .toBe(true);
      // The exports the warning is about have not been answered, nor given up on: their connections are still open.
      expect(collector.open()).toBe(collector.accepted());
    } finally {
      await store.stop();
      await collector.close();
    }
  }, 60_000);
});
