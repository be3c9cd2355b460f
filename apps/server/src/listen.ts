import type { Server } from 'node:http';
import { hostForUrl } from '@animal-store/contract';

/** The server could not take its address: an expected start-up failure, told in one sentence. */
export class ListenError extends Error {
  override name = 'ListenError';
}

/** `host:port` as a user would type it into a browser: an IPv6 host in brackets. */
const addressOf = (host: string, port: number) => `${hostForUrl(host)}:${port}`;

/** The variables that set a listener's address: HOST and PORT for the API. */
export interface AddressVariables {
  host: string;
  port: string;
}

/** Why `listen(port, host)` failed, in words that say which variable to change. */
function listenFailure(
  error: NodeJS.ErrnoException,
  host: string,
  port: number,
  variables: AddressVariables,
): ListenError {
  const address = addressOf(host, port);
  const { host: HOST, port: PORT } = variables;
  switch (error.code) {
    case 'EADDRINUSE':
      return new ListenError(
        `Port ${port} on ${host} is already in use by another process; stop it or set ${PORT} to a free port.`,
      );
    case 'EACCES':
      return new ListenError(
        port < 1024
          ? `Permission denied to listen on ${address}: ports below 1024 need root; set ${PORT} to 1024 or above.`
          : `Permission denied to listen on ${address}; set ${HOST} or ${PORT} to an address this user may use.`,
      );
    case 'EADDRNOTAVAIL':
      return new ListenError(
        `Cannot listen on ${address}: ${host} is not an address of this machine; set ${HOST} to one of its addresses, or 0.0.0.0 for all.`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new ListenError(
        `Cannot listen on ${address}: the host name ${host} does not resolve; set ${HOST} to an address.`,
      );
    default:
      return new ListenError(`Cannot listen on ${address}: ${error.message}.`);
  }
}

/** Listens on `host:port`; resolves once listening, rejects with a ListenError that names the address and the cause. */
export function listen(
  server: Server,
  host: string,
  port: number,
  variables: AddressVariables = { host: 'HOST', port: 'PORT' },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException) => reject(listenFailure(error, host, port, variables));
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      resolve();
    });
  });
}
