// The server's folders in layers (apps/server/README.md, "Layers"): each imports only the layers below it, and no
// module imports itself in a circle. `pnpm lint` runs this check; src/layers.test.ts shows that it fails on an
// upward import or a circle added on purpose. Decision 064 says why dependency-cruiser.

/** From the ground up: a layer may import its own folder and the layers before it in this list, nothing after. */
export const LAYERS = [
  { name: 'config', path: '^src/(config/|(listen|release-version)\\.ts$)' },
  { name: 'database', path: '^src/database/' },
  { name: 'store', path: '^src/store/' },
  { name: 'keys', path: '^src/keys/' },
  { name: 'http', path: '^src/http/' },
  { name: 'limits', path: '^src/limits/' },
  { name: 'observability', path: '^src/observability/' },
  { name: 'api', path: '^src/api/' },
  { name: 'pages', path: '^src/pages/' },
  { name: 'app', path: '^src/app\\.ts$' },
  { name: 'tuning', path: '^src/tuning/' },
  { name: 'data commands', path: '^src/data-commands/' },
  {
    name: 'composition root',
    path: '^src/(prepare-store|store-server|worker-restarts|cluster-primary|main|keys-cli|audit-cli|data-cli)\\.ts$',
  },
];

/** The upward imports kept on purpose, each with its reason. At most two: a third means a layer is wrong. */
export const UPWARD_EXCEPTIONS = [
  {
    from: 'src/store/api-key-repository.ts',
    to: 'src/keys/api-key.ts',
    reason:
      'the repository issues keys in the format keys/ defines; api-key.ts imports only node:crypto and node:zlib',
  },
];

/** Test files, their support, the upgrade tests and the soak run may import anything; only they may import test support. */
const TESTS = '(\\.test\\.ts$|^src/(test-support|soak|reliability|upgrades)/)';

const any = (paths) => `(${paths.join('|')})`;
const exactly = (file) => `^${file.replaceAll('.', '\\.')}$`;

function upwardRules() {
  return LAYERS.slice(0, -1).flatMap((layer, index) => {
    const above = any(LAYERS.slice(index + 1).map((upper) => upper.path));
    const exceptions = UPWARD_EXCEPTIONS.filter((exception) => new RegExp(layer.path).test(exception.from));
    const rule = (from, toPathNot) => ({
      name: `upward-from-${layer.name.replaceAll(' ', '-')}`,
      comment: `${layer.name} imports only the layers below it (apps/server/README.md, "Layers")`,
      severity: 'error',
      from,
      to: { path: above, ...(toPathNot ? { pathNot: toPathNot } : {}) },
    });
    return [
      rule({
        path: layer.path,
        pathNot: any([TESTS, ...exceptions.map((exception) => exactly(exception.from))]),
      }),
      ...exceptions.map((exception) => rule({ path: exactly(exception.from) }, exactly(exception.to))),
    ];
  });
}

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'a module that imports itself through others: cut it by moving the shared type down a layer',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    ...upwardRules(),
    {
      name: 'in-a-layer',
      comment:
        'every module of the server is in one of the LAYERS above (or is a test): add a new folder there',
      severity: 'error',
      from: { path: '^src/', pathNot: any([TESTS, ...LAYERS.map((layer) => layer.path)]) },
      to: {},
    },
    {
      name: 'not-to-test-support',
      comment: 'what the server runs never loads what only its tests use',
      severity: 'error',
      from: { path: '^src/', pathNot: TESTS },
      to: { path: '^src/test-support/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'an import of the server that names no file, which no rule above could then see',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true, path: '^\\.' },
    },
  ],
  options: {
    // Packages are leaves: their own imports are theirs.
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a circle of types is still a circle for a reader.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
