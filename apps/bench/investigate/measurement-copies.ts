import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Scenario } from '#bench/load/scenarios.js';
import { repoRoot, storeMainPath } from '#bench/paths.js';

/** One text replacement in a compiled file of the server, e.g. `app.js`. */
export interface Edit {
  file: string;
  from: string;
  to: string;
}

/** A feature, and the edits that take it out of a copy of the built server. */
export interface Removal {
  /** A short name, also the copy's folder: `no-log-line`. */
  name: string;
  /** What is taken out, as the cost table names it. */
  feature: string;
  /** The reads it applies to, when not all of them. */
  only?: Scenario[];
  edits: Edit[];
}

/**
 * Each per-request feature of a read, and how a copy of the built server goes without it. The copies answer
 * otherwise as the store does (a removed header is missing, a removed check always passes), and exist only while
 * `investigate features` runs: never in the product.
 */
export const REMOVALS: Removal[] = [
  {
    name: 'no-tuning',
    feature: 'the tuning of the request path (ledger rows 6 to 8)',
    edits: [
      { file: 'tuning/index.js', from: '    writeLogLinesPerTurn(logger, { countDropped });\n', to: '' },
      {
        file: 'tuning/index.js',
        from: 'return { headerBlock: preparedHeaderBlock, requestLogWriter: requestLogLines(logger) };',
        to: 'return {};',
      },
    ],
  },
  {
    name: 'no-log-batch',
    feature: 'log lines written once per turn (ledger row 8)',
    edits: [
      { file: 'tuning/index.js', from: '    writeLogLinesPerTurn(logger, { countDropped });\n', to: '' },
    ],
  },
  {
    name: 'no-log-line',
    feature: 'the request log line',
    edits: [
      {
        file: 'app.js',
        from: 'const observers = [requestLog(requestLogWriter, clientAddress, deps.tracing?.idsOf)];',
        to: 'const observers = [];',
      },
    ],
  },
  {
    name: 'no-request-id',
    feature: 'a new request id (`randomUUID`) and its header',
    edits: [
      {
        file: 'observability/observe-requests.js',
        from: 'startRequestContext(res, randomUUID(), safeIncoming)',
        to: "startRequestContext(res, 'measurement-copy', safeIncoming)",
      },
      {
        file: 'observability/observe-requests.js',
        from: "res.setHeader('X-Request-Id', context.requestId);",
        to: '',
      },
    ],
  },
  {
    name: 'no-security-headers',
    feature: "the API's security headers",
    edits: [{ file: 'app.js', from: 'apiSecurityHeaders(headerBlock), ', to: '' }],
  },
  {
    name: 'no-authentication',
    feature: 'authentication (bearer, digest, cached verdict) and key usage',
    edits: [
      {
        file: 'api/authenticate.js',
        from: '    return (req, res, next) => {\n',
        to:
          '    let fixedVerdict;\n    return (req, res, next) => {\n' +
          '        if (fixedVerdict) { requestContext(res).client = fixedVerdict; return next(); }\n',
      },
      {
        file: 'api/authenticate.js',
        from: 'requestContext(res).client = verdict;',
        to: 'requestContext(res).client = verdict; fixedVerdict = verdict;',
      },
    ],
  },
  {
    name: 'no-rate-limits',
    feature: 'the rate limits and their headers',
    edits: [
      { file: 'app.js', from: 'failedAuthentications.refuseBlockedAddress,', to: '' },
      { file: 'app.js', from: 'perKeyRateLimit(deps.rateLimits, deps.logger),', to: '' },
    ],
  },
  {
    name: 'no-validation',
    feature: 'contract validation of headers and path',
    edits: [
      {
        file: 'api/served-contract.js',
        from: 'export const servedContract = withHeadersAsOneSchema(publishedAtFullPaths);',
        to:
          'export const servedContract = Object.fromEntries(Object.entries(publishedAtFullPaths)' +
          '.map(([name, route]) => [name, { ...route, headers: undefined, pathParams: undefined }]));',
      },
    ],
  },
  {
    name: 'no-deprecation',
    feature: "getPet's deprecation headers",
    only: ['getPet'],
    edits: [{ file: 'api/mount-operations.js', from: 'operation.deprecatedFor === undefined', to: 'true' }],
  },
];

/** The text with each edit made; an edit whose text is missing or not unique means the build changed. */
export function applyEdits(file: string, text: string, edits: readonly Edit[]): string {
  let edited = text;
  for (const { from, to } of edits) {
    const at = edited.indexOf(from);
    if (at < 0 || edited.indexOf(from, at + 1) >= 0) {
      throw new Error(`${file} no longer holds exactly one ${JSON.stringify(from)}: update REMOVALS`);
    }
    edited = edited.slice(0, at) + to + edited.slice(at + from.length);
  }
  return edited;
}

/** The built server, and where its copies go: beside it, so that they find its packages as it does. */
const serverDist = dirname(storeMainPath);
const copiesDir = `${repoRoot}apps/server/measurement-copies`;

/**
 * A copy of the built server with the removal's edits made; returns the path of its `main.js`. The copy is laid out
 * as the server's package is, its build in `dist/` beside the package's manifest, which the build reads its release
 * version from (`release-version.js`).
 */
export function makeMeasurementCopy(removal: Removal): string {
  const copy = join(copiesDir, removal.name);
  rmSync(copy, { recursive: true, force: true });
  cpSync(serverDist, join(copy, 'dist'), { recursive: true });
  cpSync(join(serverDist, '..', 'package.json'), join(copy, 'package.json'));
  for (const [file, text] of editedBuild(removal)) writeFileSync(join(copy, 'dist', file), text);
  return join(copy, 'dist', 'main.js');
}

export function removeMeasurementCopies(): void {
  rmSync(copiesDir, { recursive: true, force: true });
}

/** The compiled files a removal changes, by path under the build, as the removal leaves them. */
export function editedBuild(removal: Removal): Map<string, string> {
  const files = new Map<string, string>();
  for (const file of new Set(removal.edits.map((edit) => edit.file))) {
    const edits = removal.edits.filter((edit) => edit.file === file);
    files.set(file, applyEdits(file, readFileSync(join(serverDist, file), 'utf8'), edits));
  }
  return files;
}
