import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './errors.js';
import {
  dayInWords,
  GET_PET_SUNSET,
  IDEMPOTENCY_WINDOW_HOURS,
  inKiB,
  MAX_BODY_BYTES,
  MAX_HEADER_BYTES,
} from './rules.js';

/** The API's reference page, which holds the table of error codes the README links to. */
const apiDocs = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');

/** The rows of the first Markdown table after the given heading, as trimmed cells, header and rule left out. */
function tableAfter(markdown: string, heading: string): string[][] {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start === -1) return [];
  const lines = markdown.slice(start).split('\n').slice(2);
  const table = lines.slice(lines.findIndex((line) => line.startsWith('|')));
  const end = table.findIndex((line) => !line.startsWith('|'));
  return table.slice(2, end === -1 ? undefined : end).map((row) =>
    row
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim()),
  );
}

describe("docs/api.md's table of error codes", () => {
  it('lists exactly ERROR_CODES, in order, with their statuses and meanings', () => {
    const documented = tableAfter(apiDocs, '## Error codes');
    const expected = Object.entries(ERROR_CODES).map(([code, { status, when }]) => [
      `\`${code}\``,
      String(status),
      when,
    ]);
    expect(documented).toStrictEqual(expected);
  });
});

/** The READMEs and reference pages that state the API's rules in prose. */
const prose = [
  '../../../README.md',
  '../../../docs/api.md',
  '../../../docs/keys.md',
  '../../../docs/operations.md',
  '../../../docs/cli.md',
  '../../../apps/cli/README.md',
].map((path) => ({
  path,
  lines: readFileSync(new URL(path, import.meta.url), 'utf8').split('\n'),
}));

/** Every match of `pattern` (with one capture) in the READMEs, on lines `about` accepts, with where it is. */
function mentions(pattern: RegExp, about: (line: string) => boolean = () => true) {
  return prose.flatMap(({ path, lines }) =>
    lines.flatMap((line, index) =>
      about(line)
        ? [...line.matchAll(pattern)].map((match) => ({ at: `${path}:${index + 1}`, said: match[1] }))
        : [],
    ),
  );
}

describe('the rules the READMEs and reference pages state in prose', () => {
  // Each check asks for at least one mention, so that it cannot pass by finding nothing.
  const expectAll = (found: { at: string; said?: string }[], rule: string) => {
    expect(found.length).toBeGreaterThan(0);
    expect(found).toStrictEqual(found.map(({ at }) => ({ at, said: rule })));
  };

  it('are the body and header limit of the contract (the admin bundle sizes aside)', () => {
    expect(inKiB(MAX_HEADER_BYTES)).toBe(inKiB(MAX_BODY_BYTES));
    const aboutRequests = (line: string) => !/JavaScript|gzipped|CSS/.test(line);
    expectAll(mentions(/\b(\d+(?:\.\d+)? KiB)/g, aboutRequests), inKiB(MAX_BODY_BYTES));
  });

  it('are the Idempotency-Key window of the contract', () => {
    expectAll(mentions(/\b(\d+ hours)/g), `${IDEMPOTENCY_WINDOW_HOURS} hours`);
  });

  it("are getPet's sunset date of the contract, in words and in the Sunset header", () => {
    expectAll(mentions(/\b(\d{1,2} [A-Z][a-z]{3,} \d{4})\b/g), dayInWords(GET_PET_SUNSET));
    expectAll(mentions(/`Sunset: ([^`]+)`/g), GET_PET_SUNSET.toUTCString());
  });
});
