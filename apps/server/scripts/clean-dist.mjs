// Empties dist/ before a build: tsc only adds and overwrites, so a file whose source was removed or excluded from the
// build would stay in dist/ and ship in the bundle (scripts/check-no-test-code-in-build.mjs would name it).
import { rmSync } from 'node:fs';

rmSync(new URL('../dist/', import.meta.url), { recursive: true, force: true });
