import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runServerScript, type ServerProcess } from './test-support/server-process.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** A command line as a user types it at the repository's root, in a shell that has no DATABASE_URL. */
function runAsTyped(command: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('sh', ['-c', command], {
    cwd: repositoryRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

describe('the first key under `pnpm dev`', () => {
  const directory = mkdtempSync(join(tmpdir(), 'animal-store-dev-key-'));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  it("prints a command that, run as printed from the repository's root, creates a key this server accepts", async () => {
    // The dev script's own setting: a SQLite file named from the server's folder ($PWD in the script's shell), set
    // inside the script, so a shell at the root has no DATABASE_URL.
    const devScript = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8')).scripts.dev as string;
    expect(devScript).toContain(':-file:$PWD/../../data/animal-store-dev.db}');
    const DATABASE_URL = `file:${serverDir}/${relative(serverDir, join(directory, 'dev.db'))}`;
    // As turbo starts it from `pnpm dev` typed at the root.
    server = runServerScript('src/main.ts', {
      NODE_ENV: 'development',
      DATABASE_URL,
      INIT_CWD: repositoryRoot,
    });
    const origin = await server.listening;

    const printed = /^ {6}(.+ keys create --name NAME)$/m.exec(server.output())?.[1];
    // Checked before it runs: without the variable it would write to the default store, a developer's own.
    expect(printed).toMatch(/^DATABASE_URL=file:\//);
    const created = await runAsTyped((printed ?? '').replace('NAME', '"second client"'));
    expect([created.code, created.stderr]).toStrictEqual([
      0,
      expect.stringMatching(/^No --scope named: .+\nCreated key 2 /),
    ]);
    const key = /^(as_[\w-]+)$/m.exec(created.stdout)?.[1];
    expect(key).toBeDefined();

    const answer = await fetch(`${origin}/v1/pets`, { headers: { authorization: `Bearer ${key}` } });
    expect([answer.status, await answer.json()]).toStrictEqual([200, []]);
  });
});
