import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './errors.js';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe('the README', () => {
  it.each(Object.entries(ERROR_CODES))('documents error code %s with its status', (code, { status }) => {
    expect(readme).toMatch(new RegExp(`^\\| +\`${code}\` +\\| +${status} +\\|`, 'm'));
  });
});
