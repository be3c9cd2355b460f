// Copies Scalar's browser bundle from the devDependency into dist/, where the built server serves it from
// (src/pages/reference-bundle.ts): a deployed store carries that one file, not the package and its dependencies.
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { COPIED_BUNDLE, packagedBundle } from '../dist/pages/reference-bundle.js';

mkdirSync(dirname(COPIED_BUNDLE), { recursive: true });
copyFileSync(packagedBundle(), COPIED_BUNDLE);
