import type { CreatedApiKey } from '@animal-store/contract';
import { wantsJson, writeErr, writeJson, writeOut } from './output.js';

export const SHOWN_ONCE_WARNING =
  'warning: the new key is shown only this once: store it now, it cannot be shown again.\n';

/**
 * A key just made: the summary and the secret (in JSON, its `key` field) on stdout, so that a script can capture
 * it, and on stderr the reminder that the store keeps only its digest.
 */
export function writeNewKey(created: CreatedApiKey, summary: string, json: boolean | undefined): void {
  if (wantsJson(json)) writeJson(created);
  else writeOut(`${summary}\n${created.key}\n`);
  writeErr(SHOWN_ONCE_WARNING);
}
