import { CommanderError } from 'commander';
import { CliError, EXIT, UsageError } from './cli-errors.js';
import { writeErr } from './output/output.js';
import { buildProgram } from './program.js';

/**
 * A key given as a flag is refused before parsing, with a message that does not repeat it: the parser's own
 * "unknown option '--api-key=…'" would print the key.
 */
function refuseKeyFlag(args: string[]): void {
  if (args.some((arg) => /^--api-key(=|$)/.test(arg))) {
    throw new UsageError(
      'the API key is not taken as a flag value (shell history would keep it): set ANIMAL_STORE_API_KEY or use --api-key-file PATH',
    );
  }
}

function exitCodeOf(error: unknown): number {
  // The parser has already printed its message (or the help or version that was asked for).
  if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  if (error instanceof CliError) {
    writeErr(`error: ${error.message}\n`);
    return error.exitCode;
  }
  throw error;
}

// `animal-store pets list | head -1` closes the pipe early; that is the reader's choice, not a failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(EXIT.ok);
});

try {
  refuseKeyFlag(process.argv.slice(2));
  await buildProgram(process.env).parseAsync(process.argv);
} catch (error) {
  // exitCode rather than exit(): stdout may still be flushing into a pipe.
  process.exitCode = exitCodeOf(error);
}
