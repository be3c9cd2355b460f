import { describe, expect, it } from 'vitest';
import { UsageError } from '../cli-errors.js';
import { elementLines, parseRows } from './parse-rows.js';

describe('parseRows', () => {
  it('numbers NDJSON rows by their line, skipping blank lines, and fails a broken line alone', () => {
    const text = '{"name":"A","categoryId":1}\n\n{"name":\n  \r\n{"name":"C","categoryId":3}\r\n';
    expect(parseRows(text)).toStrictEqual([
      { line: 1, value: { name: 'A', categoryId: 1 } },
      { line: 3, unreadable: 'not valid JSON: it ends too soon' },
      { line: 5, value: { name: 'C', categoryId: 3 } },
    ]);
  });

  it('gives each element of a pretty-printed array the line it starts on', () => {
    const text =
      '[\n  {\n    "name": "A, [x]",\n    "categoryId": 1\n  },\n  {"name": "B\\"}", "categoryId": [2]},\n\n  7\n]\n';
    expect(parseRows(text)).toStrictEqual([
      { line: 2, value: { name: 'A, [x]', categoryId: 1 } },
      { line: 6, value: { name: 'B"}', categoryId: [2] } },
      { line: 8, value: 7 },
    ]);
  });

  it('reads an empty array as no rows', () => {
    expect(parseRows(' [ ] ')).toStrictEqual([]);
    expect(elementLines('[]')).toStrictEqual([]);
  });

  it('refuses a broken array as a whole, saying where it breaks', () => {
    expect(() => parseRows('[{"name": "A"},')).toThrow(UsageError);
    expect(() => parseRows('[\n  {"name": "A"} {"name": "B"}\n]')).toThrow(
      new UsageError('the import file starts as a JSON array but is not valid JSON at line 2, column 17'),
    );
  });

  it("says in its own words, never the parser's, what a line or a file that is not JSON is", () => {
    expect(parseRows('{"name":"A","categoryId":1}\n{"name":"B"} x\nnot json\n')).toStrictEqual([
      { line: 1, value: { name: 'A', categoryId: 1 } },
      { line: 2, unreadable: 'not valid JSON at column 14' },
      { line: 3, unreadable: 'not valid JSON' },
    ]);
    expect(() => parseRows('name,categoryId\nRex,1\n')).toThrow(
      new UsageError(
        'the import file is neither a JSON array nor NDJSON (one JSON object a line): none of its lines is JSON',
      ),
    );
  });
});
