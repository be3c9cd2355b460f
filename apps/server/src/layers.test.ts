import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  cpSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const CONFIG = join(SERVER_DIR, '.dependency-cruiser.mjs');
const CRUISER_DIR = join(SERVER_DIR, 'node_modules', 'dependency-cruiser');
/** The `depcruise` command that the `layers` script runs, wherever this version keeps it. */
const DEPCRUISE = join(
  CRUISER_DIR,
  (JSON.parse(readFileSync(join(CRUISER_DIR, 'package.json'), 'utf8')) as { bin: { depcruise: string } }).bin
    .depcruise,
);

interface LayersConfig {
  LAYERS: Array<{ name: string; path: string }>;
  UPWARD_EXCEPTIONS: Array<{ from: string; to: string; reason: string }>;
}

/** The check as `pnpm lint` runs it (the server's `layers` script), on the server folder at `serverDir`. */
function checkLayers(serverDir: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [DEPCRUISE, 'src', '--config', CONFIG], {
    cwd: serverDir,
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("the server's layers (apps/server/README.md, .dependency-cruiser.mjs)", () => {
  const copies: string[] = [];

  /** A copy of the server's sources and TypeScript settings, at the same depth below a root of its own. */
  function copyOfTheServer(): string {
    const root = mkdtempSync(join(tmpdir(), 'animal-store-layers-'));
    copies.push(root);
    const serverDir = join(root, 'apps', 'server');
    cpSync(join(SERVER_DIR, 'src'), join(serverDir, 'src'), { recursive: true });
    copyFileSync(join(SERVER_DIR, 'tsconfig.json'), join(serverDir, 'tsconfig.json'));
    copyFileSync(join(SERVER_DIR, '..', '..', 'tsconfig.base.json'), join(root, 'tsconfig.base.json'));
    return serverDir;
  }

  afterAll(() => {
    for (const root of copies) rmSync(root, { recursive: true, force: true });
  });

  it('holds for the server as it is', () => {
    expect(checkLayers(SERVER_DIR)).toMatchObject({ status: 0 });
  });

  it('fails on an import from a lower folder up to a higher one, and on an import circle', () => {
    const copy = copyOfTheServer();
    // Upward: the database reaching up into the app that is built on it.
    appendFileSync(
      join(copy, 'src/database/database-errors.ts'),
      "import type { AppDependencies } from '../app.js';\nexport type Upward = AppDependencies;\n",
    );
    // A circle inside one folder, which no layer rule sees.
    writeFileSync(
      join(copy, 'src/http/circle-a.ts'),
      "import { b } from './circle-b.js';\nexport const a = b;\n",
    );
    writeFileSync(
      join(copy, 'src/http/circle-b.ts'),
      "import { a } from './circle-a.js';\nexport const b = a;\n",
    );

    const { status, output } = checkLayers(copy);

    expect(status).not.toBe(0);
    expect(output).toContain('error upward-from-database: src/database/database-errors.ts → src/app.ts');
    expect(output).toMatch(
      /error no-circular: src\/http\/circle-a\.ts →\s*src\/http\/circle-b\.ts →\s*src\/http\/circle-a\.ts/,
    );
  });

  it('keeps the ground floor, the configuration, free of upward imports, so that ranking floors by imports alone agrees', async () => {
    const { LAYERS, UPWARD_EXCEPTIONS } = (await import(CONFIG)) as LayersConfig;
    const ground = new RegExp(LAYERS[0]?.path ?? '^$');
    expect(UPWARD_EXCEPTIONS.filter((exception) => ground.test(exception.from))).toStrictEqual([]);
  });

  it('is the order the README states, with at most two upward imports, each with its reason', async () => {
    const { LAYERS, UPWARD_EXCEPTIONS } = (await import(CONFIG)) as LayersConfig;
    const readme = readFileSync(join(SERVER_DIR, 'README.md'), 'utf8');
    // The README draws the layers top down, as a stack: the ground is its last line.
    const drawn = /```text\n# layers, top down\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const names = drawn
      .trim()
      .split('\n')
      .map((line) => line.split(/\s{2,}/)[0])
      .reverse();
    expect(names).toStrictEqual(LAYERS.map((layer) => layer.name));

    expect(UPWARD_EXCEPTIONS.length).toBeLessThanOrEqual(2);
    for (const exception of UPWARD_EXCEPTIONS) {
      expect(exception.reason).not.toBe('');
      expect(readme).toContain(
        `${exception.from.replace(/^src\//, '')} → ${exception.to.replace(/^src\//, '')}`,
      );
    }
  });
});
