import autocannon, { type Request } from 'autocannon';

export interface LoadFigures {
  /** Successful (2xx, and 304 to a conditional request) responses per second: failed requests are not throughput. */
  requestsPerSecond: number;
  /** autocannon's histogram resolves whole milliseconds. */
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  baseUrl: string;
  requests: Request[];
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  /** Send exactly this many requests instead of loading for `seconds`. */
  amount?: number;
  /** How long one request may take before it counts as an error; 10 s unless said otherwise. */
  timeoutSeconds?: number;
}

/** Requests that got no 2xx answer: non-2xx answers and connection errors (timeouts, resets). */
export function failedRequests(figures: Pick<LoadFigures, 'non2xx' | 'errors'>): number {
  return figures.non2xx + figures.errors;
}

/** One bounded autocannon run against a loopback server. */
export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(options.baseUrl)) {
    throw new Error(`load is only ever sent to loopback, not to ${options.baseUrl}`);
  }
  const result = await autocannon({
    url: options.baseUrl,
    connections: options.connections,
    duration: options.seconds,
    ...(options.amount === undefined ? {} : { amount: options.amount }),
    headers: options.headers,
    requests: options.requests,
    // A server that stops answering costs a run at most this long per request, never a hang.
    timeout: options.timeoutSeconds ?? 10,
  });
  return {
    // No scenario is answered by a redirect: a 3xx is the 304 of a conditional request.
    requestsPerSecond: (result['2xx'] + result['3xx']) / result.duration,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx - result['3xx'],
    errors: result.errors,
  };
}
