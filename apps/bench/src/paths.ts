import { fileURLToPath } from 'node:url';

/** The repository root, wherever `pnpm bench` is started from (this file is apps/bench/dist/paths.js). */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Committed outputs: the figures of the latest run and their chart. */
export const resultsJsonPath = `${repoRoot}bench/results.json`;
export const resultsSvgPath = `${repoRoot}bench/results.svg`;

/** CPU profiles of `pnpm --filter @animal-store/bench profile`; git ignores *.cpuprofile. */
export const profilesDir = `${repoRoot}bench/profiles`;

/** The real server's entry point, resolved through its package exports like any other consumer would. */
export const storeMainPath = fileURLToPath(import.meta.resolve('@animal-store/server/main'));

/** The entry point of json-server's command, as `npx json-server` would run it. */
export const jsonServerBinPath = fileURLToPath(import.meta.resolve('json-server/lib/cli/bin.js'));
