import { describe, expect, it } from 'vitest';
import { cpuTimeTable, type Tally } from './cpu-time.js';

const tally = (name: string, requests: number): Tally => ({
  name,
  requests,
  failed: 0,
  loadSeconds: 9,
  cpu: { mainUser: 1.8, mainSystem: 0.45, otherThreads: 0.09 },
  gc: { young: 90, full: 1, pauseMs: 45 },
  allocatedBytes: 2_000 * 1024 * 60_000,
  requestsWhileAllocating: 60_000,
});

describe('cpuTimeTable', () => {
  it('gives each figure a request: CPU and collector time in µs, collections per 1,000, KiB allocated', () => {
    const [title, header, row] = cpuTimeTable('getPet', [tally('store', 90_000)]).split('\n');
    expect(title).toMatch(/^getPet on SQLite, 50 connections, 3 rounds of 3 s in turns/);
    expect(header).toMatch(/req\/s +main user +main kernel +other threads +CPU total +in the GC/);
    expect(row?.trim().split(/\s+/)).toStrictEqual([
      'store',
      '10000', // 90,000 requests in 9 s
      '20.0', // 1.8 s of main-thread user time over 90,000 requests
      '5.0',
      '1.0',
      '26.0',
      '0.5', // 45 ms in the collector
      '1.00', // 90 young collections
      '0.011',
      '2000.0',
    ]);
  });

  it('says when requests failed, since a profile of failures measures the wrong code', () => {
    expect(cpuTimeTable('listPets', [{ ...tally('fastify', 100), failed: 3 }])).toMatch(
      /fastify .* 3 failed/,
    );
  });
});
