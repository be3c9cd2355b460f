import { describe, expect, it } from 'vitest';
import { UsageError } from './cli-errors.js';
import { resolveConnection } from './config.js';

/** The connection from a base address given with --base-url, as the command line would resolve it. */
const connect = (baseUrl: string) => resolveConnection({ baseUrl }, { ANIMAL_STORE_API_KEY: 'a-key' });

describe('the base address a key may be sent to', () => {
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
    expect(connect(url)).toStrictEqual({ baseUrl: url, apiKey: 'a-key' });
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
    expect(() => connect(url)).toThrow(UsageError);
    expect(() => connect(url)).toThrow(/^--base-url must use https:\/\/ unless it is a loopback address/);
  });

  it('sends it anyway with --allow-insecure', () => {
    const url = 'http://192.0.2.10/v1';
    expect(
      resolveConnection({ baseUrl: url, allowInsecure: true }, { ANIMAL_STORE_API_KEY: 'a-key' }),
    ).toStrictEqual({ baseUrl: url, apiKey: 'a-key' });
  });

  it('drops the trailing slashes of an address and refuses one that is not an http(s) URL', () => {
    expect(connect('http://127.0.0.1:3000/v1//').baseUrl).toBe('http://127.0.0.1:3000/v1');
    expect(() => connect('http:127.0.0.1:3000/v1')).toThrow(
      '--base-url must be an absolute http:// or https:// URL',
    );
  });
});
