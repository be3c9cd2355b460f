import { freePort } from '@animal-store/testing/free-port';
import { PortTakenError, type RunningServer, type ServerSpec, startServer } from './server-process.js';

/** Tries beyond the first: other suites start servers on loopback at the same time, so a free port can be taken. */
const RETRIES_ON_A_TAKEN_PORT = 3;

export interface ServerOnPort {
  server: RunningServer;
  baseUrl: string;
}

/**
 * Starts a server on a port that was free a moment ago. Between finding the port and the server binding it, a
 * server of another suite may take it; the server then exits saying so, and is started again on another port.
 */
export async function startOnFreePort(
  specFor: (port: number, baseUrl: string) => ServerSpec,
): Promise<ServerOnPort> {
  for (let attempt = 0; ; attempt += 1) {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    try {
      return { server: await startServer(specFor(port, baseUrl)), baseUrl };
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === RETRIES_ON_A_TAKEN_PORT) throw error;
    }
  }
}
