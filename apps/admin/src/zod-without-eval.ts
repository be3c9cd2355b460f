import { z } from 'zod';

/**
 * Zod 4 compiles object parsers with `new Function` where it may, and finds out whether it may by calling
 * `Function('')` once, at the first parse. The store serves this app under a Content-Security-Policy without
 * 'unsafe-eval', so that probe, though caught, is reported as a violation on every page. Jitless parsing never
 * probes, and the app's schemas are small enough not to miss the compiled parsers. Imported first by main.tsx,
 * before anything parses; the browser tests' Content-Security-Policy checks fail if it stops working.
 */
z.config({ jitless: true });
