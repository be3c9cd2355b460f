// Redocly CLI's lint with the recommended rules (redocly.yaml lists the changes to them), run by the Node running
// this script. It sends nothing: telemetry off and no update check, so the check needs no network.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const REDOCLY = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const CONFIG = fileURLToPath(new URL('../redocly.yaml', import.meta.url));

/** Prints Redocly's report; false when the document has a lint error (warnings are reported and pass). */
export function lintDocument(documentPath) {
  const run = spawnSync(
    process.execPath,
    [REDOCLY, 'lint', documentPath, `--config=${CONFIG}`, '--format=stylish'],
    {
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  return run.status === 0;
}
