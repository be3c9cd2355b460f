import type { Measurement } from '../measurements.js';

/** A contender's figure divided by a baseline's; null when the baseline was not measured or measured zero. */
export interface Ratio {
  /** Requests/s over the baseline's: above 1 is faster. */
  throughput: number | null;
  /** p99 over the baseline's: below 1 is quicker. */
  p99: number | null;
}

export interface RatedMeasurement extends Measurement {
  /** Against the store as shipped: for its variants (metrics, tracing, two workers), what the switch costs. */
  vsStore: Ratio;
  vsNodeHttp: Ratio;
  vsExpress: Ratio;
  /** Against Express on the store's HTTP server setting (b′): what the store's features cost. */
  vsExpressBorn: Ratio;
  /** Against (d), the same API with the same features on Fastify 5 and its stock plugins. */
  vsFastify: Ratio;
  /** Against (e), the same API with the same features on Express 5 and its stock middleware. */
  vsExpressStock: Ratio;
  /** Requests/s over json-server's on the same scenario and connection count. */
  vsJsonServerThroughput: number | null;
}

/** Unrounded: the table and the docs round once, to two decimals (rounding twice turned 0.5854 into 0.58). */
const divide = (value: number, base: number | undefined) =>
  base === undefined || base === 0 ? null : value / base;

/**
 * Ratios against the bare baselines and the peers on the same database, scenario and connection count. json-server
 * has no database of the store's kind; it is rated against the SQLite ones, the store's default database.
 */
export function rateMeasurements(measurements: readonly Measurement[]): RatedMeasurement[] {
  const find = (m: Measurement, contender: Measurement['contender'], database: Measurement['database']) =>
    measurements.find(
      (other) =>
        other.contender === contender &&
        other.database === database &&
        other.scenario === m.scenario &&
        other.connections === m.connections,
    );
  return measurements.map((m) => {
    const baselineDatabase = m.database === 'json-file' ? 'sqlite' : m.database;
    const ratio = (contender: Measurement['contender']): Ratio => {
      const base = find(m, contender, baselineDatabase);
      return {
        throughput: divide(m.requestsPerSecond, base?.requestsPerSecond),
        p99: divide(m.latencyP99Ms, base?.latencyP99Ms),
      };
    };
    return {
      ...m,
      vsStore: ratio('store'),
      vsNodeHttp: ratio('node-http'),
      vsExpress: ratio('express'),
      vsExpressBorn: ratio('express-born'),
      vsFastify: ratio('fastify'),
      vsExpressStock: ratio('express-stock'),
      vsJsonServerThroughput: divide(
        m.requestsPerSecond,
        find(m, 'json-server', 'json-file')?.requestsPerSecond,
      ),
    };
  });
}
