import { afterEach, describe, expect, it } from 'vitest';
import { isOffered, readSession, storeEnvironmentName, storeSignedIn } from './session-storage';

const PRODUCTION = { name: 'production', baseUrl: '/v1' };
const STAGING = { name: 'staging', baseUrl: 'https://staging.example.test/v1' };

afterEach(() => sessionStorage.clear());

describe('the session kept in the tab', () => {
  it('keeps the key together with the environment that accepted it', () => {
    storeSignedIn({ apiKey: 'key-of-staging', environment: STAGING });
    storeEnvironmentName('staging');
    expect(readSession()).toStrictEqual({
      signedIn: { apiKey: 'key-of-staging', environment: STAGING },
      environmentName: 'staging',
    });
    storeSignedIn(undefined);
    expect(readSession()).toStrictEqual({ signedIn: undefined, environmentName: 'staging' });
  });

  it('drops a key kept without its environment, as earlier versions kept it, and never returns it', () => {
    sessionStorage.setItem('animal-store.admin.api-key', 'key-of-somewhere');
    expect(readSession()).toStrictEqual({ signedIn: undefined, environmentName: undefined });
    expect(sessionStorage.length).toBe(0);
  });

  it.each([
    ['not JSON', 'key-of-somewhere'],
    ['no environment', JSON.stringify({ apiKey: 'key-of-somewhere' })],
    ['an empty key', JSON.stringify({ apiKey: '', environment: PRODUCTION })],
  ])('drops an entry with %s', (_, stored) => {
    sessionStorage.setItem('animal-store.admin.signed-in', stored);
    expect(readSession().signedIn).toBeUndefined();
    expect(sessionStorage.getItem('animal-store.admin.signed-in')).toBeNull();
  });
});

describe('isOffered', () => {
  it('holds only for an environment configured under the same name at the same address', () => {
    expect(isOffered(STAGING, [PRODUCTION, STAGING])).toBe(true);
    expect(isOffered(STAGING, [PRODUCTION])).toBe(false);
    expect(
      isOffered({ ...STAGING, baseUrl: 'https://old-staging.example.test/v1' }, [PRODUCTION, STAGING]),
    ).toBe(false);
    expect(isOffered({ ...PRODUCTION, name: 'staging' }, [PRODUCTION, STAGING])).toBe(false);
  });
});
