import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contendersFor, requestHeaders } from '../contenders.js';
import type { DatabaseFixture } from '../fixtures/database-fixture.js';
import { sqliteFixture } from '../fixtures/sqlite-fixture.js';
import { type ServingContender, startStore } from '../test-support/contenders-under-test.js';
import { traceSinkServer } from './sink-server.js';

/**
 * The store + tracing contender as the bench starts it, exporting to the bench's sink: here in the test's process,
 * where the bench runs the same server in a process of its own (sink-main.ts, from the built bench).
 */
describe('the store + tracing contender', () => {
  const workDir = mkdtempSync(join(tmpdir(), 'bench-tracing-'));
  const sink = traceSinkServer();
  let fixture: DatabaseFixture | undefined;
  let store: ServingContender | undefined;

  beforeAll(async () => {
    sink.server.listen(0, '127.0.0.1');
    await once(sink.server, 'listening');
    fixture = sqliteFixture(workDir);
    const origin = `http://127.0.0.1:${(sink.server.address() as AddressInfo).port}`;
    store = await startStore(
      fixture,
      workDir,
      'store-tracing',
      { OTEL_EXPORTER_OTLP_ENDPOINT: origin, OTEL_BSP_SCHEDULE_DELAY: '50' },
      'store-tracing',
    );
    // The store created the tables; the seed goes in now, as in the bench.
    await fixture.reseed();
  });

  afterAll(async () => {
    await store?.close();
    sink.server.close();
    await fixture?.dispose();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('is the store with tracing switched on by the sink the harness starts for it', () => {
    const contender = contendersFor('sqlite').find(({ id }) => id === 'store-tracing');
    expect(contender?.exportsTraces).toBe(true);
    expect(contender?.launch(1, 'file:x').env.OTEL_TRACES_SAMPLER).toBe('always_on');
  });

  it('sends its spans to the sink, which takes every export, and joins each log line to its trace', async () => {
    for (let sent = 0; sent < 3; sent++) {
      const response = await fetch(`${store?.baseUrl}/v1/pets/7`, { headers: requestHeaders });
      expect(response.status).toBe(200);
    }
    await expect.poll(() => sink.received.exports).toBeGreaterThan(0);
    expect(sink.received.bytes).toBeGreaterThan(0);
    // The stop sends what is pending and hears the sink's answer: a refused export would have been logged by then.
    const logPath = store?.logPath ?? '';
    await store?.close();
    store = undefined;
    const lines = readFileSync(logPath, 'utf8').split('\n');
    // A refused or failed export is a defect; an answer that took over a second (this test's process serves the sink,
    // and a loaded machine can hold it that long) is only late, and the exports counted above arrived.
    const refusals = lines.filter(
      (line) => line.includes('cannot be sent') && !line.includes('no answer within'),
    );
    expect(refusals).toStrictEqual([]);
    const reads = lines.filter((line) => line.includes('"/v1/pets/7"'));
    expect(reads).toHaveLength(3);
    for (const line of reads) expect(JSON.parse(line)).toHaveProperty('trace_id');
  });
});
