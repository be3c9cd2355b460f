import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `pnpm dev` expects the store (start it with `pnpm start` or the server's own `dev`). */
const STORE_ORIGIN = 'http://127.0.0.1:3000';

export default defineConfig({
  // The server serves the built app at /admin/, so every asset URL must start there.
  base: '/admin/',
  plugins: [react()],
  build: {
    // The server's CSP allows scripts from 'self' only, and a hashed file can be cached for good.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: {
      '/v1': STORE_ORIGIN,
      '/admin/config.json': STORE_ORIGIN,
    },
  },
});
