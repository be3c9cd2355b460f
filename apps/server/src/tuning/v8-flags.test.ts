import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVING_V8_FLAGS } from './v8-flags.js';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const PRINT_TAG = "console.log((await import('node:v8')).cachedDataVersionTag())";

/**
 * V8's cached-data version tag, which V8 derives from its version and the values of its flags: the one way to see
 * from JavaScript which flags a process runs with.
 */
function versionTag(nodeArgs: string[], script: string): string {
  return execFileSync(process.execPath, [...nodeArgs, '--input-type=module', '-e', script], {
    cwd: serverDir,
    encoding: 'utf8',
  }).trim();
}

describe('tuneV8ForServing', () => {
  it('leaves the process with the flags it would have had from the command line', () => {
    const plain = versionTag([], PRINT_TAG);
    const fromCommandLine = versionTag([...SERVING_V8_FLAGS], PRINT_TAG);
    const tuned = versionTag(
      ['--import', 'tsx'],
      `(await import('./src/tuning/v8-flags.js')).tuneV8ForServing(); ${PRINT_TAG}`,
    );
    expect(fromCommandLine).not.toBe(plain);
    expect(tuned).toBe(fromCommandLine);
  });
});
