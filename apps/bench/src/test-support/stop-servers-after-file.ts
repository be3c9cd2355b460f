import { afterAll } from 'vitest';
import { stopAllServers } from '../processes/server-process.js';

// Every server a test file started ends with the file, also when a hook failed or timed out before the file could
// keep its handle (a start still waiting for the server's first 200 is stopped too).
afterAll(stopAllServers);
