import { baselineEnv } from './baseline-env.js';
import { bareExpressApp } from './express-app.js';
import { stopOnSignals } from './stop-on-signals.js';

/** Baseline (b), the ceiling of the framework as it is usually run: the bare app started with `app.listen`. */
const { port, queries } = baselineEnv(process.env);
stopOnSignals(bareExpressApp(queries).listen(port, '127.0.0.1'), queries);
