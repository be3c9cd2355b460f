// Bundles the CLI and its dependencies into one file: Node then reads one module instead of resolving
// hundreds, which keeps `animal-store --help` close to the start-up time of Node itself.
import { chmod } from 'node:fs/promises';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/animal-store.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  minify: true,
  sourcemap: 'linked',
  legalComments: 'linked',
  banner: {
    // commander and cli-progress are CommonJS and require() Node built-ins, which an ESM bundle cannot do alone.
    js: "#!/usr/bin/env node\nimport { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});

// Runnable as `./dist/animal-store.js` too, not only through the package manager's bin shim.
await chmod('dist/animal-store.js', 0o755);
