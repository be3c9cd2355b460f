import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { prepareStore } from '../prepare-store.js';
import type { Repositories } from '../store/repositories.js';
import { databaseUrlOf, type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import { createMetrics } from './metrics.js';

describe.each(testDatabaseKinds)('the audit events metric on $name', (kind) => {
  let database: TestDatabase;
  let store: Repositories;
  const metrics = createMetrics();

  beforeAll(async () => {
    database = await kind.create();
    const config = loadConfig({
      DATABASE_URL: databaseUrlOf(database.config),
      API_KEYS: 'configured-0123456789abcdef',
    });
    store = await prepareStore(config, pino({ level: 'silent' }), metrics);
  });

  afterAll(async () => {
    await store.database.close();
    await database.drop();
  });

  it('counts each committed event by action and outcome', async () => {
    const key = await store.apiKeys.create('counted', { scopes: ['pets:read'] });
    await store.apiKeys.rotate(key.id, 1);
    await store.apiKeys.rotate(key.id, 1);
    const text = await metrics.registry.getSingleMetricAsString('animal_store_audit_events_total');
    expect(text.split('\n').filter((line) => !line.startsWith('#'))).toStrictEqual([
      'animal_store_audit_events_total{action="api_key.created",outcome="done"} 1',
      'animal_store_audit_events_total{action="api_key.rotated",outcome="done"} 1',
      'animal_store_audit_events_total{action="api_key.rotated",outcome="refused"} 1',
    ]);
  });
});
