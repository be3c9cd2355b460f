import { describe, expect, it } from 'vitest';
import { hostForUrl } from './host-for-url.js';

describe('hostForUrl', () => {
  it.each([
    ['an IPv4 address', '127.0.0.1', '127.0.0.1'],
    ['every IPv4 address', '0.0.0.0', '0.0.0.0'],
    ['a name', 'localhost', 'localhost'],
    ['a qualified name', 'store.example.test', 'store.example.test'],
    ['IPv6 loopback', '::1', '[::1]'],
    ['every IPv6 address', '::', '[::]'],
    ['a full IPv6 address', '2001:db8:0:0:0:0:0:1', '[2001:db8:0:0:0:0:0:1]'],
    ['an IPv4-mapped IPv6 address', '::ffff:127.0.0.1', '[::ffff:127.0.0.1]'],
    ['an IPv6 address already in brackets', '[::1]', '[::1]'],
  ])('writes %s as a URL needs it', (_, host, written) => {
    expect(hostForUrl(host)).toBe(written);
  });

  it.each([
    ['127.0.0.1', '127.0.0.1:3000'],
    ['localhost', 'localhost:3000'],
    ['::1', '[::1]:3000'],
    ['::', '[::]:3000'],
    ['[::1]', '[::1]:3000'],
    ['fd00::2', '[fd00::2]:3000'],
    ['::ffff:127.0.0.1', '[::ffff:7f00:1]:3000'],
  ])('makes %s a host the URL parser reads with its port', (host, urlHost) => {
    expect(new URL(`http://${hostForUrl(host)}:3000/v1`).host).toBe(urlHost);
  });
});
