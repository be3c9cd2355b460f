import { type StoreProcess, startStore } from '@animal-store/testing/store-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEvent, createAnimalStoreClient } from '../src/index.js';

let store: StoreProcess;

beforeAll(async () => {
  store = await startStore();
});

afterAll(() => store.stop());

const client = () => createAnimalStoreClient({ baseUrl: store.baseUrl, apiKey: store.apiKey });

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('auditEvents.list', () => {
  it('yields every event newest first across pages, with the filters kept on every page', async () => {
    const made = [];
    for (const name of ['one', 'two', 'three']) {
      made.push(await client().apiKeys.create({ name, scopes: ['pets:read'] }));
    }
    const rotated = await client().apiKeys.rotate(made[0]?.id ?? 0);

    const all = await collect(client().auditEvents.list({ limit: 2 }));
    expect(all.map((event) => event.id)).toStrictEqual(
      [...all].map((event) => event.id).sort((a, b) => b - a),
    );
    expect(all.filter((event) => event.action === 'api_key.created').map((event) => event.keyId)).toEqual(
      expect.arrayContaining(made.map((key) => key.id)),
    );

    const pages = await collect(client().auditEvents.list({ action: 'api_key.created', limit: 2 }).pages());
    expect(pages.flat()).toStrictEqual(all.filter((event) => event.action === 'api_key.created'));
    expect(pages.every((page) => page.length <= 2)).toBe(true);

    const ofFirst: AuditEvent[] = await collect(client().auditEvents.list({ keyId: made[0]?.id }));
    expect(ofFirst.map((event) => [event.action, event.keyId, event.successorId])).toStrictEqual([
      ['api_key.rotated', made[0]?.id, rotated.id],
      ['api_key.created', made[0]?.id, null],
    ]);
  });

  it('reads one page and the cursor of the next, and takes instants as dates', async () => {
    const first = await client().auditEvents.page({ limit: 1 });
    expect(first.events).toHaveLength(1);
    expect(first.nextCursor).toEqual(expect.any(String));
    const newest = first.events[0] as AuditEvent;
    const since = await client().auditEvents.page({ since: new Date(newest.at) });
    expect(since.events.map((event) => event.id)).toContain(newest.id);
    const until = await client().auditEvents.page({ until: new Date(newest.at), limit: 100 });
    expect(until.events.every((event) => event.at < newest.at)).toBe(true);
  });
});
