import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runServerScript } from '../test-support/server-process.js';

const KEY = 'a-configured-key-0123';
const RECORDER = fileURLToPath(new URL('../test-support/record-modules.mjs', import.meta.url));

describe('tracing switched by OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  const directory = mkdtempSync(join(tmpdir(), 'animal-store-tracing-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  /**
   * The OpenTelemetry modules a real store process resolved while serving one request, but the API: prom-client
   * loads that for its exemplars whatever the store does, and without an SDK every call of it does nothing.
   */
  async function openTelemetryModulesLoaded(name: string, env: Record<string, string>) {
    const record = join(directory, `${name}.txt`);
    const server = runServerScript('src/main.ts', {
      DATABASE_URL: `file:${join(directory, `${name}.db`)}`,
      API_KEYS: KEY,
      NODE_OPTIONS: `--import ${RECORDER}`,
      RECORD_MODULES_TO: record,
      ...env,
    });
    try {
      const origin = await server.listening;
      const response = await fetch(`${origin}/v1/pets`, { headers: { authorization: `Bearer ${KEY}` } });
      expect(response.status).toBe(200);
    } finally {
      await server.stop();
    }
    const resolved = readFileSync(record, 'utf8').split('\n');
    expect(resolved).toContainEqual(expect.stringContaining('/kysely/'));
    return resolved.filter(
      (url) => url.includes('/node_modules/@opentelemetry/') && !url.includes('/@opentelemetry/api/'),
    );
  }

  it('loads nothing of the OpenTelemetry SDK without an endpoint', async () => {
    expect(await openTelemetryModulesLoaded('off', {})).toStrictEqual([]);
  });

  it('loads the SDK with one (the same watch can tell)', async () => {
    const loaded = await openTelemetryModulesLoaded('on', {
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
    });
    expect(loaded).toContainEqual(expect.stringContaining('/@opentelemetry/sdk-trace/'));
  });
});
