import { API_BASE_PATH, hostForUrl } from '@animal-store/contract';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The store `pnpm dev` starts beside Vite, at the server's own PORT and HOST (or `pnpm start`'s); a server listening
 * on every address is reached on loopback.
 */
function storeOrigin(env: NodeJS.ProcessEnv): string {
  const host = env.HOST || '127.0.0.1';
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${hostForUrl(reachable)}:${env.PORT || 3000}`;
}

const STORE_ORIGIN = storeOrigin(process.env);

/**
 * The build is always the production one: under NODE_ENV=development or test, `vite build` bundles React's
 * development build, half as large again. The build script sets NODE_ENV=production, so the same sources give the
 * same bundle whatever the caller's environment, and turbo need not hash NODE_ENV (a production start of a built
 * checkout rebuilds nothing).
 */
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
      [API_BASE_PATH]: STORE_ORIGIN,
      '/admin/config.json': STORE_ORIGIN,
      '/favicon.svg': STORE_ORIGIN,
    },
  },
});
