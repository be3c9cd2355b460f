// Prints the gzipped size of every built script and checks the budget for the JavaScript a first visit loads
// (the scripts index.html references), so a heavy new dependency fails CI instead of slowing every admin down.
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET_KIB = 150;
const dist = new URL('../dist/', import.meta.url);

const indexHtml = readFileSync(new URL('index.html', dist), 'utf8');
const initial = new Set(
  [...indexHtml.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/admin\/(assets\/[^"]+\.js)"/g)].map(
    (m) => m[1],
  ),
);
if (initial.size === 0) {
  process.stderr.write('dist/index.html references no script: run `pnpm build` first.\n');
  process.exit(1);
}

/** @param {number} bytes */
const kib = (bytes) => (bytes / 1024).toFixed(1);
let initialBytes = 0;
for (const name of readdirSync(new URL('assets/', dist)).filter((file) => file.endsWith('.js'))) {
  const path = `assets/${name}`;
  const gzipped = gzipSync(readFileSync(new URL(path, dist)), { level: 9 }).length;
  if (initial.has(path)) initialBytes += gzipped;
  process.stdout.write(`${path}  ${kib(gzipped)} KiB gzipped${initial.has(path) ? ' (initial)' : ''}\n`);
}
process.stdout.write(`initial JavaScript: ${kib(initialBytes)} KiB gzipped (budget ${BUDGET_KIB} KiB)\n`);
if (initialBytes > BUDGET_KIB * 1024) {
  process.stderr.write(`The initial JavaScript is over the ${BUDGET_KIB} KiB budget.\n`);
  process.exit(1);
}
