import type { ContenderId } from './contenders.js';
import type { DatabaseKind } from './fixtures/database-fixture.js';
import type { LoadFigures } from './load/run-load.js';
import type { Scenario } from './load/scenarios.js';

/** One measured autocannon run. */
export interface Measurement extends LoadFigures {
  scenario: Scenario;
  database: DatabaseKind;
  contender: ContenderId;
  connections: number;
}

/** What a contender's process cost, measured around its runs. */
export interface ServerFigures {
  contender: ContenderId;
  database: DatabaseKind;
  /** From spawn to the first 200 answer to a list request. */
  coldStartMs: number;
  /** True when the start included creating the tables (the store's migrations on an empty database). */
  freshDatabase: boolean;
  /** Resident memory of the server's whole process tree right after its last run. */
  residentBytesAfterRun: number;
  processCount: number;
}
