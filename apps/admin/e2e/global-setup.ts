import { builtServerMain } from '@animal-store/testing/server-entry';
import type { TestProject } from 'vitest/node';
import { type ChromiumExecutable, findChromium } from './support/chromium-executable.js';

declare module 'vitest' {
  export interface ProvidedContext {
    chromium: ChromiumExecutable;
    /** The built store's entry point, `@animal-store/server/main`. */
    server: { main: string };
  }
}

/** Finds the browser (unpacking the packaged one at most once) and the server before any browser test file runs. */
export default async function setup(project: TestProject): Promise<void> {
  const chromium = await findChromium();
  process.stdout.write(`Browser tests in ${chromium.path} (${chromium.source})\n`);
  project.provide('chromium', chromium);
  project.provide('server', { main: await builtServerMain() });
}
