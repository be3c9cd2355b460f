import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type HeaderList, headersOneByOne } from '../http/header-block.js';
import { preparedHeaderBlock } from './prepared-header-block.js';

const HEADERS: HeaderList = [
  ['Cache-Control', 'no-store'],
  ['X-Frame-Options', 'DENY'],
  ['Content-Security-Policy', "default-src 'none'"],
];

/** The raw header lines of a real HTTP answer from `handle`, with the Date line left out. */
async function answerHeaders(handle: (res: ServerResponse) => void): Promise<string[]> {
  const server = createServer((_req, res) => {
    handle(res);
    res.end('{}');
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  try {
    const { port } = server.address() as AddressInfo;
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    await answer.arrayBuffer();
    return [...answer.headers]
      .filter(([name]) => name !== 'date')
      .map(([name, value]) => `${name}: ${value}`);
  } finally {
    await new Promise((closed) => server.close(closed));
  }
}

describe('headers prepared as a block', () => {
  it('reach the client exactly as the same headers set one by one', async () => {
    const oneByOne = headersOneByOne(HEADERS);
    const block = preparedHeaderBlock(HEADERS);
    const expected = await answerHeaders((res) => oneByOne(res));
    expect(expected).toContain('x-frame-options: DENY');
    expect(await answerHeaders((res) => block(res))).toStrictEqual(expected);
  });

  it("are the response's own: read, replaced, appended to and removed as headers set by setHeader", async () => {
    const block = preparedHeaderBlock(HEADERS);
    const seen: unknown[] = [];
    const first = await answerHeaders((res) => {
      res.setHeader('X-Request-Id', 'r1');
      block(res);
      seen.push(res.getHeader('cache-control'), res.hasHeader('X-Frame-Options'), res.getHeaderNames());
      res.setHeader('Cache-Control', 'private');
      res.appendHeader('Content-Security-Policy', "frame-ancestors 'none'");
      res.removeHeader('X-Frame-Options');
    });
    expect(seen).toStrictEqual([
      'no-store',
      true,
      ['x-request-id', 'cache-control', 'x-frame-options', 'content-security-policy'],
    ]);
    expect(first).toContain('cache-control: private');
    expect(first).toContain("content-security-policy: default-src 'none', frame-ancestors 'none'");
    expect(first.some((line) => line.startsWith('x-frame-options'))).toBe(false);
    // What one response changed stays with it: the next gets the block as prepared.
    const next = await answerHeaders((res) => block(res));
    expect(next).toContain("content-security-policy: default-src 'none'");
    expect(next).toContain('x-frame-options: DENY');
  });

  it('refuses, when prepared, a header that setHeader would refuse', () => {
    expect(() => preparedHeaderBlock([['Bad Name', 'x']])).toThrow(TypeError);
    expect(() => preparedHeaderBlock([['X-Bad', 'line\nbreak']])).toThrow(TypeError);
  });
});
