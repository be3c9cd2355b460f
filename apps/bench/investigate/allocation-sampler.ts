/**
 * Loaded into a server with `node --import` by the allocations command. The first SIGUSR2 starts V8's sampling
 * heap profiler, counting objects the garbage collector has already freed too (what a request allocates, not
 * what it keeps); the second stops it and writes the profile to ALLOCATION_PROFILE_PATH. Signals rather than a
 * timer, so that start-up and warm-up stay out of the figures.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

/** Bytes between samples: fine enough for objects of a few dozen bytes made once per request. */
const SAMPLING_INTERVAL_BYTES = 1024;

const outputPath = process.env.ALLOCATION_PROFILE_PATH;
const session = new Session();
session.connect();
let sampling = false;

const fail = (step: string, error: Error | null) => {
  if (error) process.stderr.write(`allocation sampler: ${step} failed: ${error.message}\n`);
};

process.on('SIGUSR2', () => {
  if (!sampling) {
    sampling = true;
    session.post(
      'HeapProfiler.startSampling',
      {
        samplingInterval: SAMPLING_INTERVAL_BYTES,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      },
      (error) => fail('start', error),
    );
    return;
  }
  session.post('HeapProfiler.stopSampling', (error, result) => {
    fail('stop', error);
    if (!result || !outputPath) return;
    // Written aside and renamed, so that the harness never reads half a file.
    writeFileSync(`${outputPath}.partial`, JSON.stringify(result.profile));
    renameSync(`${outputPath}.partial`, outputPath);
  });
});
