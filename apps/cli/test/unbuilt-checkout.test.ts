import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT, runCheckoutCli } from './support/checkout.js';

it('`pnpm --silent cli` in a checkout without the built CLI (a fresh clone) builds it first, silently', async () => {
  await rm(join(REPO_ROOT, 'apps/cli/dist'), { recursive: true, force: true });
  const result = await runCheckoutCli(['--version']);
  expect(result).toStrictEqual({ code: 0, stdout: '1.0.0\n', stderr: '' });
});
