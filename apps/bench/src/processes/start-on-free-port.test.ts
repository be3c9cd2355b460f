import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortTakenError, type ServerSpec, startServer } from './server-process.js';
import { startOnFreePort } from './start-on-free-port.js';

/** A real HTTP server process that binds PORT as every contender does, and exits with EADDRINUSE if it is taken. */
const SERVE_ON_PORT =
  "require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')";

describe('a server started on a free port', () => {
  let workDir: string;
  let occupant: Server;
  let takenPort: number;

  const specOn = (port: number, name: string): ServerSpec => ({
    name,
    args: ['-e', SERVE_ON_PORT],
    env: { PORT: String(port) },
    readyUrl: `http://127.0.0.1:${port}/`,
    headers: {},
    logPath: join(workDir, `${name}.log`),
  });

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'bench-free-port-'));
    // Another suite's server, holding a port the harness may have found free a moment before.
    occupant = createServer((_request, response) => response.writeHead(503).end()).listen(0, '127.0.0.1');
    await once(occupant, 'listening');
    takenPort = (occupant.address() as { port: number }).port;
  });

  afterAll(async () => {
    occupant.closeAllConnections();
    await new Promise((resolve) => occupant.close(resolve));
    rmSync(workDir, { recursive: true, force: true });
  });

  it('fails with PortTakenError when the port was taken before it bound it', async () => {
    await expect(startServer(specOn(takenPort, 'taken'))).rejects.toBeInstanceOf(PortTakenError);
  });

  it('is started again on another port when the first was taken, with that port in its address', async () => {
    const portsTried: number[] = [];
    const { server, baseUrl } = await startOnFreePort((port) => {
      portsTried.push(port);
      return specOn(portsTried.length === 1 ? takenPort : port, 'retried');
    });
    try {
      expect(portsTried).toHaveLength(2);
      expect(baseUrl).toBe(`http://127.0.0.1:${portsTried[1]}`);
      expect(await (await fetch(baseUrl)).text()).toBe('ok');
    } finally {
      await server.stop();
    }
  });

  it('is not started again when it failed for another reason', async () => {
    let starts = 0;
    const failing = startOnFreePort((port) => {
      starts += 1;
      return { ...specOn(port, 'failing'), args: ['-e', 'process.exit(3)'] };
    });
    await expect(failing).rejects.not.toBeInstanceOf(PortTakenError);
    expect(starts).toBe(1);
  });
});
