import { storeContract } from '@animal-store/contract';
import { initClient } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import { AnimalStoreError, animalStoreFetcher } from '../src/ts-rest.js';

const BASE_URL = 'https://store.example.test/v1';
const NEW_PET = { name: 'Rex', categoryId: 1 };
const PET = { id: 1, name: 'Rex', categoryId: 1, status: 'available' };

type Answer = { status: number; body: unknown; headers?: Record<string, string> } | 'no-answer';

/** A fetch that gives `answers` in turn and records what each request sent. */
function scriptedFetch(answers: Answer[]) {
  const sent: Array<{ url: string; headers: Headers }> = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), headers: new Headers(init?.headers) });
    const answer = answers.shift();
    if (answer === undefined) throw new Error('No answer left in the script');
    if (answer === 'no-answer') throw new TypeError('fetch failed');
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
  return { fetch, sent };
}

const errorBody = (code: string, status: number) => ({ code, message: `${code} from the store`, status });

function storeOn(answers: Answer[]) {
  const { fetch, sent } = scriptedFetch(answers);
  const calls = initClient(storeContract, {
    baseUrl: BASE_URL,
    baseHeaders: { authorization: 'Bearer a-key' },
    api: animalStoreFetcher({ fetch }),
  });
  return { calls, sent };
}

describe('animalStoreFetcher under ts-rest', () => {
  it('gives createPet one Idempotency-Key of its own and repeats it after a 503', async () => {
    const { calls, sent } = storeOn([
      { status: 503, body: errorBody('service_unavailable', 503), headers: { 'retry-after': '0' } },
      { status: 201, body: PET },
    ]);
    const answer = await calls.createPet({ body: NEW_PET });
    expect(answer).toMatchObject({ status: 201, body: PET });
    const keys = sent.map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toStrictEqual(keys[0]);
  });

  it('sends the Idempotency-Key the caller gives', async () => {
    const { calls, sent } = storeOn([{ status: 201, body: PET }]);
    await calls.createPet({ body: NEW_PET, headers: { 'idempotency-key': 'row-7' } });
    expect(sent.map((request) => request.headers.get('idempotency-key'))).toStrictEqual(['row-7']);
  });

  it('never repeats createApiKey after no answer: the lost answer may have made a key', async () => {
    const { calls, sent } = storeOn(['no-answer', { status: 201, body: {} }]);
    const failure = await calls
      .createApiKey({ body: { name: 'ci', scopes: ['pets:read'] } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AnimalStoreError);
    expect(failure).toMatchObject({ code: 'unreachable', status: 0 });
    expect(sent).toHaveLength(1);
  });

  it('waits out an add still in progress, but not another operation’s 409', async () => {
    const inProgress: Answer = {
      status: 409,
      body: errorBody('idempotency_request_in_progress', 409),
      headers: { 'retry-after': '0' },
    };
    const create = storeOn([inProgress, { status: 201, body: PET }]);
    expect(await create.calls.createPet({ body: NEW_PET })).toMatchObject({ status: 201 });
    expect(create.sent).toHaveLength(2);

    const revoke = storeOn([inProgress, { status: 200, body: {} }]);
    const failure = await revoke.calls
      .revokeApiKey({ params: { keyId: '3' } })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'idempotency_request_in_progress', status: 409 });
    expect(revoke.sent).toHaveLength(1);
  });

  it('throws a refusal as an AnimalStoreError instead of resolving to it', async () => {
    const { calls } = storeOn([
      { status: 401, body: errorBody('unauthorized', 401), headers: { 'x-request-id': 'req-1' } },
    ]);
    const failure = await calls.listPets({ query: {} }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AnimalStoreError);
    expect(failure).toMatchObject({ code: 'unauthorized', status: 401, requestId: 'req-1' });
  });
});
