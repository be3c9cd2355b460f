import { execFile } from 'node:child_process';
import { CLI } from './run-cli.js';

const quote = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;

/**
 * Runs the CLI on a real pseudo-terminal (util-linux `script`), so that the terminal-only output, the table and
 * the progress bar, is what is tested. A terminal has one output: stdout and stderr arrive together, with the
 * terminal's \r\n line ends turned back into \n.
 */
export function runInTerminal(
  args: string[],
  env: Record<string, string>,
  /** The terminal's width; unset, the pseudo-terminal tells none. */
  columns?: number,
): Promise<{ code: number | null; output: string }> {
  const cli = [process.execPath, CLI, ...args].map(quote).join(' ');
  const command = columns === undefined ? cli : `stty cols ${columns} && exec ${cli}`;
  return new Promise((resolve, reject) => {
    execFile(
      'script',
      ['--quiet', '--return', '--command', command, '/dev/null'],
      { env: { PATH: process.env.PATH ?? '', TERM: 'dumb', ...env } },
      (error, stdout) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ code: error ? (error.code as number) : 0, output: stdout.replaceAll('\r\n', '\n') });
      },
    );
  });
}
