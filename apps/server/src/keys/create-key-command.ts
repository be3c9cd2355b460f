import { readFileSync } from 'node:fs';

/**
 * The command that creates a key where this server runs: in a bundle (`pnpm bundle`, whose package is named
 * `animal-store`) npm runs it, and npm takes options before `--` for itself; in the repository, pnpm does.
 */
export function createKeyCommand(): string {
  const manifest = new URL('../../package.json', import.meta.url);
  let name: unknown;
  try {
    ({ name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown });
  } catch {
    name = undefined;
  }
  return name === 'animal-store'
    ? 'npm run --silent keys -- create --name NAME'
    : 'pnpm --silent --filter @animal-store/server keys create --name NAME';
}
