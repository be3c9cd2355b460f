import { describe, expect, it } from 'vitest';
import type { Measurement } from '../measurements.js';
import { rateMeasurements } from './ratios.js';

const run = (overrides: Partial<Measurement>): Measurement => ({
  scenario: 'listPets',
  database: 'sqlite',
  contender: 'store',
  connections: 50,
  requestsPerSecond: 1000,
  latencyP50Ms: 10,
  latencyP99Ms: 20,
  requests: 5000,
  non2xx: 0,
  errors: 0,
  ...overrides,
});

describe('rateMeasurements', () => {
  const measurements = [
    run({ contender: 'store', requestsPerSecond: 850, latencyP99Ms: 30 }),
    run({ contender: 'node-http', requestsPerSecond: 2000, latencyP99Ms: 10 }),
    run({ contender: 'express', requestsPerSecond: 1000, latencyP99Ms: 15 }),
    run({ contender: 'express-born', requestsPerSecond: 1700, latencyP99Ms: 12 }),
    run({ contender: 'fastify', requestsPerSecond: 680, latencyP99Ms: 40 }),
    run({ contender: 'express-stock', requestsPerSecond: 425, latencyP99Ms: 60 }),
    run({ contender: 'json-server', database: 'json-file', requestsPerSecond: 500, latencyP99Ms: 60 }),
    run({ contender: 'store', database: 'postgres', requestsPerSecond: 600 }),
    run({ contender: 'express', database: 'postgres', requestsPerSecond: 800, latencyP99Ms: 0 }),
    run({ contender: 'store', connections: 1, requestsPerSecond: 300 }),
    run({ contender: 'store-tracing', requestsPerSecond: 680, latencyP99Ms: 36 }),
  ];
  const rated = rateMeasurements(measurements);

  it('divides throughput and p99 by the baselines of the same database, scenario and connections', () => {
    expect(rated[0]).toStrictEqual({
      ...measurements[0],
      vsStore: { throughput: 1, p99: 1 },
      vsNodeHttp: { throughput: 0.425, p99: 3 },
      vsExpress: { throughput: 0.85, p99: 2 },
      vsExpressBorn: { throughput: 0.5, p99: 2.5 },
      vsFastify: { throughput: 1.25, p99: 0.75 },
      vsExpressStock: { throughput: 2, p99: 0.5 },
      vsJsonServerThroughput: 1.7,
    });
  });

  it("rates the store's variants against the store: what their switch costs", () => {
    expect(rated[10]?.vsStore).toStrictEqual({ throughput: 0.8, p99: 1.2 });
  });

  it('rates json-server against the SQLite contenders', () => {
    expect(rated[6]?.vsNodeHttp).toStrictEqual({ throughput: 0.25, p99: 6 });
    expect(rated[6]?.vsExpress).toStrictEqual({ throughput: 0.5, p99: 4 });
    expect(rated[6]?.vsFastify).toStrictEqual({ throughput: 500 / 680, p99: 1.5 });
  });

  it('gives null where a baseline is missing or measured zero, rather than a made-up ratio', () => {
    expect(rated[7]?.vsNodeHttp).toStrictEqual({ throughput: null, p99: null });
    expect(rated[7]?.vsExpress).toStrictEqual({ throughput: 0.75, p99: null });
    expect(rated[7]?.vsExpressBorn).toStrictEqual({ throughput: null, p99: null });
    expect(rated[7]?.vsFastify).toStrictEqual({ throughput: null, p99: null });
    expect(rated[9]?.vsExpress).toStrictEqual({ throughput: null, p99: null });
    expect(rated[9]?.vsJsonServerThroughput).toBeNull();
  });

  it('keeps ratios unrounded, so that they are rounded once, where they are shown', () => {
    const [store] = rateMeasurements([
      run({ contender: 'store', requestsPerSecond: 4260.7 }),
      run({ contender: 'node-http', requestsPerSecond: 7278.44 }),
    ]);
    expect(store?.vsNodeHttp.throughput).toBe(4260.7 / 7278.44);
  });
});
