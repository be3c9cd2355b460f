import { fileURLToPath } from 'node:url';

/** Where `vite build` writes the admin app; the server serves it from here at /admin. */
export const adminDistDir = fileURLToPath(new URL('./dist', import.meta.url));
