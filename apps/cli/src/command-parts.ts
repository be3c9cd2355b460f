import { type AnimalStoreClient, AnimalStoreError } from '@animal-store/client';
import { type Command, Option } from 'commander';
import { cliErrorOf, createApiClient } from './api-client.js';
import { type Connection, type ConnectionOptions, resolveConnection } from './config.js';

export const jsonOption = () => new Option('--json', 'print JSON, even at a terminal');

type Action<Target, Options> = (target: Target, options: Options, args: unknown[]) => Promise<void>;

/**
 * Every action gets the merged global and own options; the connection is resolved only when one runs. A call the
 * store refused or never answered ends the action as the CLI's error for it, which carries the exit code.
 */
export function withConnection<T>(action: Action<Connection, T>, env: Record<string, string | undefined>) {
  return async (...args: unknown[]) => {
    const command = args.at(-1) as Command;
    const options = command.optsWithGlobals<ConnectionOptions & T>();
    const connection = resolveConnection(options, env);
    try {
      await action(connection, options, args.slice(0, -2));
    } catch (error) {
      throw error instanceof AnimalStoreError ? cliErrorOf(error, connection.baseUrl) : error;
    }
  };
}

/** An action that makes its calls through one client of the store, as most commands do. */
export const withClient = <T>(
  action: Action<AnimalStoreClient, T>,
  env: Record<string, string | undefined>,
) =>
  withConnection<T>((connection, options, args) => action(createApiClient(connection), options, args), env);
