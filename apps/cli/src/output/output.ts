/**
 * Results go to stdout and everything else (warnings, progress, errors) to stderr, so that
 * `animal-store pets list | jq` always receives clean JSON.
 */
export const writeOut = (text: string) => void process.stdout.write(text);
export const writeErr = (text: string) => void process.stderr.write(text);

export const writeJson = (value: unknown) => writeOut(`${JSON.stringify(value, null, 2)}\n`);

/** JSON when asked for, and whenever stdout is not a terminal: a pipe or a file wants machine-readable output. */
export function wantsJson(jsonFlag: boolean | undefined): boolean {
  return jsonFlag === true || !process.stdout.isTTY;
}

/** The width to lay tables out in: COLUMNS when the user set it (config.ts), else the terminal's, when it says. */
export const terminalWidth = (columnsSetting: number | undefined): number | undefined =>
  columnsSetting ?? (process.stdout.columns || undefined);
