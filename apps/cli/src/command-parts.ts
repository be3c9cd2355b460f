import { type Command, Option } from 'commander';
import { type ApiClient, createApiClient } from './api-client.js';
import { type ConnectionOptions, resolveConnection } from './config.js';

export const jsonOption = () => new Option('--json', 'print JSON, even at a terminal');

/** Every action gets the merged global and own options; the connection is resolved only when one runs. */
export function withConnection<T>(
  action: (client: ApiClient, options: T, args: unknown[]) => Promise<void>,
  env: Record<string, string | undefined>,
) {
  return async (...args: unknown[]) => {
    const command = args.at(-1) as Command;
    const options = command.optsWithGlobals<ConnectionOptions & T>();
    await action(createApiClient(resolveConnection(options, env)), options, args.slice(0, -2));
  };
}
