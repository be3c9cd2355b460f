import { fileURLToPath } from 'node:url';
import { type ServerProcess, startServerProcess } from '@animal-store/testing/server-process';

export type { ServerProcess };

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs a server entry point of this package (src/main.ts, src/keys-cli.ts, or a built dist/main.js) as a real
 * process, from the package's folder, as another user when `user` says so: `@animal-store/testing`'s one way to
 * start a server, with this package's paths.
 */
export function runServerScript(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
  user: { uid?: number; gid?: number } = {},
): ServerProcess {
  return startServerProcess({ entry: script, env, args, cwd: serverDir, user });
}
