import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config/config.js';
import { LOG_OPTIONS } from './observability/logger.js';
import { createStoreServer, type StoreServer } from './store-server.js';

const KEY = 'a-configured-key-0123';

describe('createStoreServer: a whole store in this process', () => {
  const directories: string[] = [];
  const servers: StoreServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
  });

  async function startStore(options: { idempotencySweepMs?: number } = {}) {
    const directory = mkdtempSync(join(tmpdir(), 'animal-store-server-'));
    directories.push(directory);
    const path = join(directory, 'store.db');
    const config = loadConfig({ DATABASE_URL: `file:${path}`, PORT: '0', API_KEYS: KEY, NODE_ENV: 'test' });
    const logs: string[] = [];
    const logger = pino(LOG_OPTIONS, { write: (line: string) => logs.push(line) });
    const server = await createStoreServer(config, { logger, shutdownDrainMs: 100, ...options });
    servers.push(server);
    const origin = await server.listen();
    const messages = () => logs.map((line) => (JSON.parse(line) as { msg: string }).msg);
    return { server, origin, path, messages };
  }

  const createPet = (origin: string, idempotencyKey: string) =>
    fetch(`${origin}/v1/pets`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${KEY}`,
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
      },
      body: '{"name":"Rex","categoryId":1}',
    });

  it('sweeps expired Idempotency-Keys on its interval', async () => {
    const { origin, path } = await startStore({ idempotencySweepMs: 50 });
    expect((await createPet(origin, 'sweep-me')).status).toBe(201);
    const file = new Sqlite(path);
    try {
      const remaining = () => file.prepare('select count(*) as count from idempotency_keys').get();
      expect(remaining()).toStrictEqual({ count: 1 });
      // Older than any window: the next sweep deletes it.
      file.prepare('update idempotency_keys set created_at_ms = 0').run();
      await vi.waitFor(() => expect(remaining()).toStrictEqual({ count: 0 }), { timeout: 5000 });
    } finally {
      file.close();
    }
  });

  it('closes gracefully: a request in flight is answered, then nothing listens and the database is closed', async () => {
    const { server, origin, path, messages } = await startStore();
    const port = Number(new URL(origin).port);
    const body = '{"name":"Late","categoryId":1}';
    // A create whose body is still arriving when close() begins.
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    const ended = new Promise((resolve) => socket.once('close', resolve));
    socket.write(
      `POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));

    const closing = server.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.write(body.slice(5));
    await closing;
    await ended;

    expect(answer).toMatch(/^HTTP\/1\.1 201 Created\r\n/);
    await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
    // SQLite removes the write-ahead log when its last connection closes.
    expect(existsSync(`${path}-wal`)).toBe(false);
    expect(messages()).toContain('stopped');
  });
});
