// The soak test: mixed traffic against one real server process for SOAK_SECONDS (60 by default), on loopback,
// then a check that nothing was lost. Run by `pnpm test:soak`; exits non-zero on any 5xx, contract violation or
// lost create. Bounded in time and in requests; the server process is always stopped.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { linkTarget, PetListSchema } from '@animal-store/contract';
import { runServerScript } from '../test-support/server-process.js';
import { type SoakTally, sendOne } from './soak-traffic.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const CONCURRENCY = 16;
const MAX_REQUESTS = 2_000_000;
const API_KEY = 'soak-test-key-0123456789';

function residentMiB(pid: number): number {
  const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kib) / 1024);
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.floor(fraction * (sorted.length - 1))] ?? 0) * 10) / 10;
}

async function listAllIds(origin: string): Promise<Set<number>> {
  const ids = new Set<number>();
  let url: string | undefined = `${origin}/v1/pets?limit=100`;
  while (url) {
    const response: Response = await fetch(url, { headers: { authorization: `Bearer ${API_KEY}` } });
    for (const pet of PetListSchema.parse(await response.json())) ids.add(pet.id);
    // The link is relative to the URL it answered (RFC 8288).
    const next = linkTarget(response.headers.get('link'), 'next');
    url = next === undefined ? undefined : new URL(next, url).href;
  }
  return ids;
}

const directory = mkdtempSync(join(tmpdir(), 'animal-store-soak-'));
const server = runServerScript('dist/main.js', {
  DATABASE_URL: process.env.SOAK_DATABASE_URL ?? `file:${join(directory, 'soak.db')}`,
  API_KEYS: API_KEY,
  NODE_ENV: 'production',
  RATE_LIMIT_PER_MINUTE: '100000000',
});

try {
  const origin = await server.listening;
  const pid = server.child.pid as number;
  const tally: SoakTally = { requests: 0, byStatus: {}, violations: [], createdIds: [], latenciesMs: [] };
  const deadline = Date.now() + SECONDS * 1000;
  let sequence = 0;
  let rssAfterWarmUp = 0;
  const rssAtStart = residentMiB(pid);
  const warmUp = setTimeout(() => {
    rssAfterWarmUp = residentMiB(pid);
  }, 5000);

  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < deadline && sequence < MAX_REQUESTS)
        await sendOne(origin, API_KEY, tally, sequence++);
    }),
  );
  clearTimeout(warmUp);
  const rssAtEnd = residentMiB(pid);

  const listed = await listAllIds(origin);
  const lost = tally.createdIds.filter((id) => !listed.has(id));
  const fiveHundreds = Object.entries(tally.byStatus).filter(([status]) => Number(status) >= 500);
  const report = {
    seconds: SECONDS,
    concurrency: CONCURRENCY,
    requests: tally.requests,
    requestsPerSecond: Math.round(tally.requests / SECONDS),
    byStatus: tally.byStatus,
    latencyMs: { p50: percentile(tally.latenciesMs, 0.5), p99: percentile(tally.latenciesMs, 0.99) },
    creates: tally.createdIds.length,
    lostCreates: lost.length,
    violations: tally.violations.slice(0, 10),
    residentMiB: {
      atStart: rssAtStart,
      afterWarmUp: rssAfterWarmUp,
      atEnd: rssAtEnd,
      growthAfterWarmUp: rssAtEnd - rssAfterWarmUp,
    },
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  if (process.env.SOAK_REPORT) writeFileSync(process.env.SOAK_REPORT, `${JSON.stringify(report, null, 2)}\n`);
  const failed = fiveHundreds.length > 0 || lost.length > 0 || tally.violations.length > 0;
  process.stdout.write(failed ? 'soak: FAILED\n' : 'soak: passed (zero 5xx, zero lost creates)\n');
  process.exitCode = failed ? 1 : 0;
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(directory, { recursive: true, force: true });
}
