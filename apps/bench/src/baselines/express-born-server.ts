import { createServer } from 'node:http';
import { bornWithAppPrototypes } from '@animal-store/server/tuning';
import { baselineEnv } from './baseline-env.js';
import { bareExpressApp } from './express-app.js';
import { stopOnSignals } from './stop-on-signals.js';

/**
 * Baseline (b′): the same bare app on an HTTP server whose requests and responses are born with Express's
 * prototypes, as the store's are (decision 009). It shows what that setting alone gives Express, so that the
 * store's ratio to (b) is not read as the cost of its features.
 */
const { port, queries } = baselineEnv(process.env);
const app = bareExpressApp(queries);
stopOnSignals(createServer(bornWithAppPrototypes(app), app).listen(port, '127.0.0.1'), queries);
