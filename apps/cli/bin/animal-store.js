#!/usr/bin/env node
// The installed command. It is a committed file rather than the bundle itself so that `pnpm install` on a fresh
// clone can link it before anything is built; `pnpm build` then provides the bundle it loads.
import { fileURLToPath } from 'node:url';

const bundle = new URL('../dist/animal-store.js', import.meta.url);

try {
  await import(bundle.href);
} catch (error) {
  // Only the bundle itself missing means "not built"; any other failure keeps its own message and stack.
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !error.message.includes(fileURLToPath(bundle))) throw error;
  process.stderr.write(
    `error: animal-store is not built (${fileURLToPath(bundle)} is missing): run \`pnpm build\` in the repository root\n`,
  );
  process.exitCode = 2;
}
