import { UsageError } from '../cli-errors.js';

/** A row of an import file: its 1-based line number, and its value or why it could not be read. */
export type ImportRow = { line: number; value: unknown } | { line: number; unreadable: string };

/**
 * Reads a JSON array (the first non-blank character is `[`) or NDJSON (one JSON value per non-blank line).
 * A broken NDJSON line fails alone, as the rows around it can still be imported; a broken array is one
 * unreadable file, a usage error.
 */
export function parseRows(text: string): ImportRow[] {
  if (/^\s*\[/.test(text)) return parseArray(text);
  const rows = parseNdjson(text);
  // Not one line of JSON: the file is something else (CSV, a spreadsheet, prose), not NDJSON with bad rows.
  if (rows.length > 0 && rows.every((row) => 'unreadable' in row)) {
    throw new UsageError(
      'the import file is neither a JSON array nor NDJSON (one JSON object a line): none of its lines is JSON',
    );
  }
  return rows;
}

/**
 * Where JSON.parse stopped, in the CLI's words rather than the parser's: a column (and a line, for text of several)
 * when the parser gives a position, "it ends too soon" when the text stops mid-value, nothing otherwise.
 */
function whereJsonBreaks(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  if (/end of JSON input/.test(message)) return ': it ends too soon';
  const position = /at position (\d+)/.exec(message)?.[1];
  if (position === undefined) return '';
  const lines = text.slice(0, Number(position)).split('\n');
  const column = `column ${(lines.at(-1)?.length ?? 0) + 1}`;
  return text.includes('\n') ? ` at line ${lines.length}, ${column}` : ` at ${column}`;
}

function parseNdjson(text: string): ImportRow[] {
  const rows: ImportRow[] = [];
  text.split(/\r?\n/).forEach((source, index) => {
    if (source.trim() === '') return;
    try {
      rows.push({ line: index + 1, value: JSON.parse(source) });
    } catch (error) {
      rows.push({ line: index + 1, unreadable: `not valid JSON${whereJsonBreaks(source, error)}` });
    }
  });
  return rows;
}

function parseArray(text: string): ImportRow[] {
  let values: unknown;
  try {
    values = JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `the import file starts as a JSON array but is not valid JSON${whereJsonBreaks(text, error)}`,
    );
  }
  if (!Array.isArray(values)) throw new UsageError('the import file is not a JSON array');
  const lines = elementLines(text);
  return values.map((value, index) => ({ line: lines[index] ?? 0, value }));
}

/**
 * The line on which each top-level element of a valid JSON array starts. JSON.parse does not report
 * positions, and a failure is only useful with the line a person can open the file at.
 */
export function elementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let expectingElement = false;
  for (const char of text) {
    if (char === '\n') line += 1;
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (/\s/.test(char)) continue;
    if (depth === 1 && expectingElement && char !== ']') {
      lines.push(line);
      expectingElement = false;
    }
    if (char === '"') inString = true;
    else if (char === '[' || char === '{') {
      depth += 1;
      if (depth === 1) expectingElement = true;
    } else if (char === ']' || char === '}') depth -= 1;
    else if (char === ',' && depth === 1) expectingElement = true;
  }
  return lines;
}
