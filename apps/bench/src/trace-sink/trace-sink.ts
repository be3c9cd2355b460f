import { fileURLToPath } from 'node:url';
import { startOnFreePort } from '../processes/start-on-free-port.js';
import type { Received } from './sink-server.js';

/** The OTLP sink a tracing contender exports to, in its own process, and how the harness stops it. */
export interface TraceSink {
  /** For OTEL_EXPORTER_OTLP_ENDPOINT: the exporter adds `/v1/traces`. */
  origin: string;
  received(): Promise<Received>;
  stop(): Promise<void>;
}

const sinkMainPath = fileURLToPath(new URL('./sink-main.js', import.meta.url));

/** Starts the sink (sink-main.ts) on a free loopback port; what it prints goes to `logPath`. */
export async function startTraceSink(logPath: string): Promise<TraceSink> {
  const { server, baseUrl } = await startOnFreePort((port, origin) => ({
    name: 'OTLP trace sink',
    args: [sinkMainPath],
    env: { PORT: String(port) },
    readyUrl: `${origin}/received`,
    headers: {},
    logPath,
  }));
  return {
    origin: baseUrl,
    received: async () => (await (await fetch(`${baseUrl}/received`)).json()) as Received,
    stop: () => server.stop(),
  };
}
