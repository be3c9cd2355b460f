// Regenerates openapi.json from the built contract; the contract test fails while the two differ.
import { writeFileSync } from 'node:fs';
import { openApiDocument } from '../dist/openapi.js';

writeFileSync(new URL('../openapi.json', import.meta.url), `${JSON.stringify(openApiDocument, null, 2)}\n`);
