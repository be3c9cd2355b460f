#!/usr/bin/env node
// `pnpm --silent cli …` in a checkout. pnpm runs a root script in the repository root and names the folder the
// command was typed in as INIT_CWD; moving there first makes relative paths (an import file, --api-key-file)
// mean what they mean to the user, as with the installed `animal-store`.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
await import('./animal-store.js');
