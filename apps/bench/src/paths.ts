import { fileURLToPath } from 'node:url';

/** The repository root, wherever `pnpm bench` is started from (this file is apps/bench/dist/paths.js). */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Every figure of the latest run, for rebuilding a table or chart; git ignores bench/results/. */
export const resultsJsonPath = `${repoRoot}bench/results/latest.json`;
/** Committed outputs: the latest run's headline figures and their chart. */
export const resultsSummaryPath = `${repoRoot}bench/results-summary.json`;
export const resultsSvgPath = `${repoRoot}bench/results.svg`;
/** Documents whose bench table (between `<!-- bench-table -->` markers) each run rewrites from the summary. */
export const documentsWithBenchTable = [`${repoRoot}README.md`, `${repoRoot}docs/performance.md`];

/** The real server's entry point, resolved through its package exports like any other consumer would. */
export const storeMainPath = fileURLToPath(import.meta.resolve('@animal-store/server/main'));

/** The entry point of json-server's command, as `npx json-server` would run it. */
export const jsonServerBinPath = fileURLToPath(import.meta.resolve('json-server/lib/cli/bin.js'));
