import { describe, expect, it } from 'vitest';
import { HTTP_URL_MESSAGE, HttpUrlSchema, isHttpUrl } from './http-url.js';

describe('isHttpUrl', () => {
  it.each([
    'http://127.0.0.1:3000/v1',
    'http://[::1]:3000/v1',
    'http://localhost:3000',
    'https://store.example.test/v1/',
    'HTTPS://STORE.EXAMPLE.TEST/v1',
    'https://192.0.2.10:8443',
  ])('accepts %s', (value) => {
    expect(isHttpUrl(value)).toBe(true);
  });

  it.each([
    ['no scheme', 'store.example.test/v1'],
    ['a word', 'nowhere'],
    ['another scheme', 'ftp://example/v1'],
    ['a file', 'file:///etc/passwd'],
    ['a scheme without //', 'http:store.example.test'],
    ['a leading space', ' http://127.0.0.1:3000/v1'],
    ['a port out of range', 'http://127.0.0.1:70000/v1'],
    ['an unclosed IPv6 bracket', 'http://[::1:3000/v1'],
    ['an IPv6 address without brackets', 'http://::1:3000/v1'],
    ['no host', 'http://'],
    ['the empty string', ''],
  ])('refuses %s', (_, value) => {
    expect(isHttpUrl(value)).toBe(false);
  });
});

describe('HttpUrlSchema', () => {
  it('keeps a URL as written', () => {
    expect(HttpUrlSchema.parse('https://store.example.test/v1/')).toBe('https://store.example.test/v1/');
  });

  it('names the rule in its message', () => {
    const result = HttpUrlSchema.safeParse('ftp://example/v1');
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toStrictEqual([
      HTTP_URL_MESSAGE,
    ]);
  });
});
