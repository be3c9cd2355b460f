import { describe, expect, it } from 'vitest';
import { isEncryptedOrLoopback, isLoopbackHost } from './loopback.js';

describe('isLoopbackHost', () => {
  it.each([
    'localhost',
    'LOCALHOST',
    '127.0.0.1',
    '127.255.255.254',
    // Other spellings of loopback addresses, read as the URL parser reads them.
    '127.1',
    '0x7f.0.0.1',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
    '[0:0:0:0:0:0:0:1]',
  ])('accepts %s', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each([
    '0.0.0.0',
    '::',
    '10.0.0.1',
    '128.0.0.1',
    '192.0.2.10',
    'fd00::2',
    '::ffff:127.0.0.1',
    'store.example.test',
    '127.0.0.1.example.test',
    'localhost.example.test',
    'localhost.',
    // More than a host: read as such, none is one.
    'localhost:3000',
    '127.0.0.1:3000',
    'localhost/v1',
    'localhost@store.example.test',
    'localhost#',
    ' localhost',
    '',
  ])('refuses %j', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});

describe('isEncryptedOrLoopback', () => {
  it.each([
    'https://store.example.test/v1',
    'https://192.0.2.10:8443/v1',
    'http://localhost:3000/v1',
    'http://LOCALHOST/v1',
    'http://127.0.0.1:3000/v1',
    'http://127.255.255.254/v1',
    // Other spellings of loopback addresses, normalised by the URL parser.
    'http://127.1/v1',
    'http://0x7f.0.0.1/v1',
    'http://[::1]:3000/v1',
    'http://[0:0:0:0:0:0:0:1]/v1',
  ])('accepts %s', (url) => {
    expect(isEncryptedOrLoopback(url)).toBe(true);
    expect(isEncryptedOrLoopback(new URL(url))).toBe(true);
  });

  it.each([
    'http://store.example.test/v1',
    'http://192.0.2.10/v1',
    'http://10.0.0.1:3000/v1',
    'http://0.0.0.0:3000/v1',
    'http://128.0.0.1/v1',
    'http://[fd00::2]/v1',
    'http://[::]:3000/v1',
    // Names that merely look local are whatever the resolver says they are.
    'http://127.0.0.1.example.test/v1',
    'http://localhost.example.test/v1',
    'http://localhost./v1',
    'http://localhost@store.example.test/v1',
    // An IPv4-mapped address is refused too: the rule names loopback addresses as written, nothing cleverer.
    'http://[::ffff:127.0.0.1]/v1',
    // Only http and https are judged: any other scheme is refused, even on loopback.
    'ftp://127.0.0.1/v1',
    'ws://localhost:3000/v1',
    // Not a URL at all.
    'localhost:3000/v1',
    '127.0.0.1',
    '',
  ])('refuses %s', (url) => {
    expect(isEncryptedOrLoopback(url)).toBe(false);
  });
});
