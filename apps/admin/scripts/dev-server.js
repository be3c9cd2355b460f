// `pnpm dev` for the admin app: Vite's dev server, as its command line starts it, except that Ctrl-C closes it and
// exits 0. Vite's command line leaves SIGINT to Node, which dies of it, and pnpm reports every death by a signal as
// "ELIFECYCLE Command failed": a developer's normal way to stop would read as a failure. The SIGINT comes twice under
// `pnpm dev` (turbo signals the task's process group, and pnpm passes it on to its child): the second one must not
// kill what the first one is closing.
import { createServer } from 'vite';

const server = await createServer();
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
