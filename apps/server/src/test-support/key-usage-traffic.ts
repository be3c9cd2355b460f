import { type ApiKeyUsage, ApiKeyUsageSchema } from '@animal-store/contract';
import { callOnItsOwnConnection } from './two-workers.js';

/** A configured manager key: its own requests (making keys, reading usage) are never counted, as it has no row. */
export const USAGE_MANAGER_KEY = 'usage-manager-key-0123456789';
const asManager = `Bearer ${USAGE_MANAGER_KEY}`;

export type UsageTotals = Pick<ApiKeyUsage['hours'][number], 'answered' | 'refused' | 'limited' | 'failed'>;

export const NO_USAGE: UsageTotals = { answered: 0, refused: 0, limited: 0, failed: 0 };

/** The kind a client counts an answer as, by the contract's words (getApiKeyUsage's description). */
function kindOf(status: number): keyof UsageTotals {
  if (status >= 500) return 'failed';
  if (status === 429) return 'limited';
  return status >= 400 ? 'refused' : 'answered';
}

/** A stored key that may read the animals and nothing else, made through the API. */
export async function makeReaderKey(origin: string): Promise<{ id: number; key: string }> {
  const made = await callOnItsOwnConnection(`${origin}/v1/api-keys`, {
    authorization: asManager,
    method: 'POST',
    body: { name: 'counted reader', scopes: ['pets:read'] },
  });
  if (made.status !== 201) throw new Error(`could not make a key: ${made.status} ${made.body}`);
  // Only what the counting needs is read: the key's other fields are told by the key operations' own tests.
  const created = JSON.parse(made.body) as { id: number; key: string };
  return { id: created.id, key: created.key };
}

/**
 * Requests of every kind a reader's key can make, each on a connection of its own, plus requests of no known key;
 * returns what the reader's key was answered, counted by kind. A round is seven connections: an odd number, so
 * that a cluster's two workers, taking connections in turn, each see every request of the round every other round.
 */
export async function sendMixedTraffic(
  origin: string,
  readerKey: string,
  rounds: number,
): Promise<UsageTotals> {
  const seen = { ...NO_USAGE };
  const asReader = `Bearer ${readerKey}`;
  for (let round = 0; round < rounds; round++) {
    const statuses = [
      (await callOnItsOwnConnection(`${origin}/v1/pets`, { authorization: asReader })).status,
      (await callOnItsOwnConnection(`${origin}/v1/api-keys/current`, { authorization: asReader })).status,
      (await callOnItsOwnConnection(`${origin}/v1/pets?limit=101`, { authorization: asReader })).status,
      (await callOnItsOwnConnection(`${origin}/v1/pets/999999`, { authorization: asReader })).status,
      // A missing scope is refused for the key that lacks it.
      (
        await callOnItsOwnConnection(`${origin}/v1/pets`, {
          authorization: asReader,
          method: 'POST',
          body: { name: 'Rex', categoryId: 1 },
        })
      ).status,
    ];
    for (const status of statuses) seen[kindOf(status)] += 1;
    // No key known: counted for none.
    await callOnItsOwnConnection(`${origin}/v1/pets`, { authorization: 'Bearer not-a-key-of-this-store' });
    await callOnItsOwnConnection(`${origin}/v1/pets`, { authorization: '' });
  }
  return seen;
}

/** The key's counts over the hours around now, summed, as getApiKeyUsage answers them. */
export async function usageTotals(origin: string, keyId: number): Promise<UsageTotals> {
  const now = Date.now();
  const range = new URLSearchParams({
    since: new Date(now - 2 * 60 * 60 * 1000).toISOString(),
    until: new Date(now + 60 * 60 * 1000).toISOString(),
  });
  const answer = await callOnItsOwnConnection(`${origin}/v1/api-keys/${keyId}/usage?${range}`, {
    authorization: asManager,
  });
  if (answer.status !== 200) throw new Error(`could not read the usage: ${answer.status} ${answer.body}`);
  const totals = { ...NO_USAGE };
  for (const hour of ApiKeyUsageSchema.parse(JSON.parse(answer.body)).hours) {
    for (const kind of Object.keys(totals) as (keyof UsageTotals)[]) totals[kind] += hour[kind];
  }
  return totals;
}
