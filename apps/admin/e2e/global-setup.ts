import type { TestProject } from 'vitest/node';
import { type ChromiumExecutable, findChromium } from './support/chromium-executable.js';
import { resolveServerFiles, type ServerFiles } from './support/server-entry.js';

declare module 'vitest' {
  export interface ProvidedContext {
    chromium: ChromiumExecutable;
    server: ServerFiles;
  }
}

/** Finds the browser (unpacking the packaged one at most once) and the server before any browser test file runs. */
export default async function setup(project: TestProject): Promise<void> {
  const chromium = await findChromium();
  process.stdout.write(`Browser tests in ${chromium.path} (${chromium.source})\n`);
  project.provide('chromium', chromium);
  project.provide('server', resolveServerFiles());
}
