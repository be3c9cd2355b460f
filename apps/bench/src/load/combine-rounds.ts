import type { LoadFigures } from './run-load.js';

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/**
 * One contender's rounds of equal length as one figure: throughput is the mean (the 2xx answers of all rounds over
 * their whole time), counts are summed, and each latency percentile is the median of the rounds', so that one
 * round in which the shared machine stalled does not decide the p99.
 */
export function combineRounds(rounds: readonly LoadFigures[]): LoadFigures {
  if (rounds.length === 0) throw new Error('combineRounds needs at least one round');
  const total = (pick: (round: LoadFigures) => number) => rounds.reduce((sum, round) => sum + pick(round), 0);
  return {
    requestsPerSecond: total((round) => round.requestsPerSecond) / rounds.length,
    latencyP50Ms: median(rounds.map((round) => round.latencyP50Ms)),
    latencyP99Ms: median(rounds.map((round) => round.latencyP99Ms)),
    requests: total((round) => round.requests),
    non2xx: total((round) => round.non2xx),
    errors: total((round) => round.errors),
  };
}
