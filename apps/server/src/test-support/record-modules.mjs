// Preloaded with --import: appends the URL of every module the process resolves to RECORD_MODULES_TO, so that a
// test can tell what a real server process loaded.
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const file = process.env.RECORD_MODULES_TO;
registerHooks({
  resolve(specifier, context, nextResolve) {
    const result = nextResolve(specifier, context);
    appendFileSync(file, `${result.url}\n`);
    return result;
  },
});
