// `pnpm dev` for the admin app: Vite's dev server, as its command line starts it, except that Ctrl-C closes it and
// exits 0. Vite's command line leaves SIGINT to Node, which dies of it, and pnpm reports every death by a signal as
// "ELIFECYCLE Command failed": a developer's normal way to stop would read as a failure. The SIGINT comes twice under
// `pnpm dev` (turbo signals the task's process group, and pnpm passes it on to its child): the second one must not
// kill what the first one is closing.
import { createServer } from 'vite';

/**
 * ADMIN_PORT chooses the port, as PORT does the server's; a port chosen is kept (Vite stops if it is taken).
 * @param {string | undefined} value
 */
function chosenPort(value) {
  if (value === undefined || value === '') return {};
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 1 || port > 65535) {
    process.stderr.write(`admin: ADMIN_PORT must be a whole number from 1 to 65535, not "${value}".\n`);
    process.exit(1);
  }
  return { port, strictPort: true };
}

const server = await createServer({ server: chosenPort(process.env.ADMIN_PORT) });
await server.listen();
server.printUrls();
server.bindCLIShortcuts({ print: true });
let closing = false;
process.on('SIGINT', async () => {
  if (closing) return;
  closing = true;
  await server.close();
  process.exit(0);
});
