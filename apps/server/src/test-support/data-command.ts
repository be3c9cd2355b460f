import { runServerScript, type ServerProcess } from './server-process.js';

/** `data …` as a real process, as an operator runs it; its stdout and stderr together. */
export async function runDataCommand(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number | null; output: string }> {
  const run = runServerScript('src/data-cli.ts', env, args);
  return { code: await run.exited, output: run.output() };
}

/** The server as a real process on `databaseUrl`, stopped by the returned `stop`. */
export async function serveStore(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<{ origin: string; server: ServerProcess }> {
  const server = runServerScript('src/main.ts', { DATABASE_URL: databaseUrl, ...env });
  try {
    return { origin: await server.listening, server };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** A request with a key, its status and parsed JSON body, and its Link header. */
export async function call(
  origin: string,
  key: string,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown; link: string | null }> {
  const response = await fetch(`${origin}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${key}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: await response.json(), link: response.headers.get('link') };
}
