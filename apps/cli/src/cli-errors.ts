/**
 * The exit codes are part of the command's interface (scripts branch on them), so each failure kind maps to
 * exactly one code and `main.ts` is the only place that turns an error into an exit.
 */
export const EXIT = {
  ok: 0,
  /** The API answered with an error, or some import rows failed. */
  apiError: 1,
  /** The command line or the configuration is wrong; nothing was sent. */
  usage: 2,
  /** The server could not be reached (connection refused, unknown host, no answer in time). */
  unreachable: 3,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export abstract class CliError extends Error {
  abstract readonly exitCode: ExitCode;
}

export class UsageError extends CliError {
  readonly exitCode = EXIT.usage;
}

/** An error answer of the API; `code` and `message` are the server's, shown as the client gives them (its base URL hint included). */
export class ApiResponseError extends CliError {
  readonly exitCode = EXIT.apiError;
  constructor(
    readonly status: number,
    readonly code: string,
    readonly apiMessage: string,
  ) {
    super(`${code} (HTTP ${status}): ${apiMessage}`);
  }
}

/** Import finished but some rows were refused; the summary has already been written. */
export class RowsFailedError extends CliError {
  readonly exitCode = EXIT.apiError;
}

export class UnreachableError extends CliError {
  readonly exitCode = EXIT.unreachable;
  constructor(
    readonly address: string,
    readonly reason: string,
  ) {
    super(`cannot reach the Animal Store at ${address} (${reason})`);
  }
}
