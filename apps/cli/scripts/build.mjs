// Bundles the CLI and its dependencies into one file: Node then reads one module instead of resolving
// hundreds, which keeps `animal-store --help` close to the start-up time of Node itself.
import { chmod } from 'node:fs/promises';
import { build } from 'esbuild';

/**
 * The contract package also builds its OpenAPI document when imported, which pulls in the OpenAPI generator
 * and a second copy of zod. The CLI never uses that document, and building it has no effect besides its value,
 * so the contract's modules are declared free of side effects and esbuild leaves out whatever is unused.
 * (A `"sideEffects": false` in the contract's package.json would do the same for every bundler.)
 */
const contractWithoutSideEffects = {
  name: 'contract-without-side-effects',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === 'resolving') return undefined;
      const fromContract = /[\\/]packages[\\/]contract[\\/]dist[\\/]/.test(args.importer);
      if (args.path !== '@animal-store/contract' && !fromContract) return undefined;
      const result = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      });
      const intoContract = /[\\/]packages[\\/]contract[\\/]dist[\\/]/.test(result.path);
      return intoContract ? { ...result, sideEffects: false } : result;
    });
  },
};

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/animal-store.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  sourcemap: 'linked',
  legalComments: 'linked',
  plugins: [contractWithoutSideEffects],
  banner: {
    // commander and cli-progress are CommonJS and require() Node built-ins, which an ESM bundle cannot do alone.
    js: "#!/usr/bin/env node\nimport { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});

// Runnable as `./dist/animal-store.js` too, not only through the package manager's bin shim.
await chmod('dist/animal-store.js', 0o755);
