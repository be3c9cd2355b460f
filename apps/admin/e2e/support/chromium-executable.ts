import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Where a browser was found, and the fontconfig folder it needs when it is the packaged one. */
export interface ChromiumExecutable {
  path: string;
  source: 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium';
  fontconfigPath?: string;
}

/** Browsers a machine may already have: Debian's and Ubuntu's Chromium, Google Chrome on Linux and macOS. */
const SYSTEM_BROWSERS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/**
 * The browser for the tests, in this order: `CHROMIUM_PATH`, a system Chromium or Chrome, then the Chromium that
 * the `@sparticuz/chromium` devDependency carries (Linux x64), so that a fresh machine needs nothing but
 * `pnpm install`. Nothing is downloaded.
 */
export async function findChromium(): Promise<ChromiumExecutable> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH names ${fromEnv}, which does not exist.`);
    return { path: fromEnv, source: 'CHROMIUM_PATH' };
  }
  const system = SYSTEM_BROWSERS.find((path) => existsSync(path));
  if (system) return { path: system, source: 'system' };
  if (process.platform === 'linux' && process.arch === 'x64') return unpackPackagedChromium();
  // Failing, never skipping: a missing browser must not look like a passing suite.
  throw new Error(
    `No Chromium or Chrome found (tried ${SYSTEM_BROWSERS.join(', ')}) and the packaged one is for Linux x64 only: install one or set CHROMIUM_PATH.`,
  );
}

/**
 * The package unpacks its brotli archives into `os.tmpdir()` and reuses whatever `chromium` it finds there, even
 * half written by a concurrent run or left by another version. So it unpacks into a fresh private folder, which is
 * then renamed into place as a whole: one folder per package version, unpacked once per machine.
 */
async function unpackPackagedChromium(): Promise<ChromiumExecutable> {
  const entry = createRequire(import.meta.url).resolve('@sparticuz/chromium');
  const packageJson = join(dirname(entry), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  const folder = join(tmpdir(), `animal-store-chromium-${version}`);
  const packaged = (path: string): ChromiumExecutable => ({
    path: join(path, 'chromium'),
    source: '@sparticuz/chromium',
    fontconfigPath: path,
  });
  if (existsSync(join(folder, 'chromium'))) return packaged(folder);

  const scratch = mkdtempSync(`${folder}-unpacking-`);
  const systemTmp = process.env.TMPDIR;
  process.env.TMPDIR = scratch;
  try {
    const { default: Chromium } = await import('@sparticuz/chromium');
    await Chromium.executablePath();
  } finally {
    if (systemTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = systemTmp;
  }
  writeFileSync(join(scratch, 'fonts.conf'), fontconfig(folder));
  try {
    renameSync(scratch, folder);
  } catch (error) {
    // Another run renamed its copy into place first: use that one.
    rmSync(scratch, { recursive: true, force: true });
    if (!existsSync(join(folder, 'chromium'))) throw error;
  }
  return packaged(folder);
}

/** The system's fonts, if any, plus the packaged ones (the package's own fonts.conf names Lambda's folders). */
function fontconfig(folder: string): string {
  return `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>${join(folder, 'fonts')}</dir>
  <cachedir>${join(folder, 'fonts-cache')}</cachedir>
</fontconfig>
`;
}
