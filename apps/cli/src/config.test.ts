import { describe, expect, it } from 'vitest';
import { isEncryptedOrLocal } from './config.js';

describe('isEncryptedOrLocal', () => {
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
    expect(isEncryptedOrLocal(url)).toBe(true);
  });

  it.each([
    'http://store.example.test/v1',
    'http://192.0.2.10/v1',
    'http://10.0.0.1:3000/v1',
    'http://0.0.0.0:3000/v1',
    'http://128.0.0.1/v1',
    'http://[fd00::2]/v1',
    // Names that merely look local are whatever the resolver says they are.
    'http://127.0.0.1.example.test/v1',
    'http://localhost.example.test/v1',
    'http://localhost./v1',
    // An IPv4-mapped address is refused too: the rule names loopback addresses as written, nothing cleverer.
    'http://[::ffff:127.0.0.1]/v1',
  ])('refuses %s', (url) => {
    expect(isEncryptedOrLocal(url)).toBe(false);
  });
});
