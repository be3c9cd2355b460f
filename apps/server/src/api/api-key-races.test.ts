import { LASTING_MANAGER_HOURS } from '@animal-store/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IssuedApiKey } from '../store/api-key-repository.js';
import { keyState } from '../store/key-state.js';
import { type TestDatabase, testDatabaseKinds } from '../test-support/databases.js';
import { anError, type SeenResponse, see } from '../test-support/http-assertions.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

const rotate = (overlapHours: number): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ overlapHours }),
});

const as = (key: string, init: RequestInit): RequestInit => ({
  ...init,
  headers: { ...init.headers, authorization: `Bearer ${key}` },
});

const LAST_MANAGER = anError(
  409,
  'last_key_manager',
  `This is the last active key that can manage keys for more than ${LASTING_MANAGER_HOURS} hours: revoking it ` +
    'would lock everyone out. Create another key with the keys:manage scope, expiring later than that or never, first.',
);

/**
 * Two store instances on one database, as two processes behind a load balancer would be: each request of a burst
 * goes to one or the other, so that only the database can decide between them.
 */
describe.each(testDatabaseKinds)('key changes at the same moment on two instances on $name', (kind) => {
  let database: TestDatabase;
  let instances: TestServer[];

  beforeEach(async () => {
    database = await kind.create();
    instances = [];
    for (let index = 0; index < 2; index++) instances.push(await startTestServer(database.config));
  });

  afterEach(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await database.drop();
  });

  const store = () => (instances[0] as TestServer).store;
  /** Sends each request to the instances in turn, all at once. */
  const burst = (requests: Array<[path: string, init: RequestInit]>): Promise<SeenResponse[]> =>
    Promise.all(
      requests.map(async ([path, init], index) =>
        see(await (instances[index % 2] as TestServer).request(path, init)),
      ),
    );
  const activeManagers = async () =>
    (await store().apiKeys.list()).filter(
      (key) => keyState(key, new Date().toISOString()) === 'active' && key.scopes.includes('keys:manage'),
    );

  it.each([0, 1])(
    'lets exactly one of 8 simultaneous rotations of a key (overlap %i h) make a successor',
    async (overlapHours) => {
      for (let round = 0; round < 3; round++) {
        const name = `rotated in round ${round}`;
        const key = await store().apiKeys.create(name, { scopes: ['pets:read'] });
        const answers = await burst(Array(8).fill([`/v1/api-keys/${key.id}/rotate`, rotate(overlapHours)]));
        expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
        // With no overlap the key has ended by the time a loser looks: it is told so, rather than rotated.
        const refusals = overlapHours === 0 ? ['api_key_rotated', 'api_key_inactive'] : ['api_key_rotated'];
        for (const answer of answers.filter((answer) => answer.status !== 201)) {
          const code = (answer.body as { code?: string }).code ?? '';
          expect(refusals).toContain(code);
          expect(answer).toStrictEqual(anError(409, code));
        }
        const withName = (await store().apiKeys.list()).filter((stored) => stored.name === name);
        expect(withName).toHaveLength(2);
      }
    },
  );

  describe('with two managers left, each asking at once', () => {
    /** Leaves `keys:manage` to two new keys only: the instances' own test keys could do it too. */
    const twoManagers = async () => {
      for (const key of await activeManagers()) await store().apiKeys.revoke(key.id);
      const managers: IssuedApiKey[] = [];
      for (const name of ['manager a', 'manager b']) {
        managers.push(await store().apiKeys.create(name, { scopes: ['keys:manage'] }));
      }
      return managers;
    };

    it.each([
      ['each other', 1, 0],
      ['themselves', 0, 1],
    ])('keeps one when two managers revoke %s', async (_, firstTarget, secondTarget) => {
      for (let round = 0; round < 4; round++) {
        const managers = await twoManagers();
        const target = (index: number) => managers[index === 0 ? firstTarget : secondTarget] as IssuedApiKey;
        // Each key verified on its instance beforehand, as a key in use is: both requests reach the revocation.
        await burst(managers.map((manager) => ['/v1/api-keys/current', as(manager.key, {})]));
        const answers = await burst(
          managers.map((manager, index) => [
            `/v1/api-keys/${target(index).id}`,
            as(manager.key, { method: 'DELETE' }),
          ]),
        );
        expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
        expect(answers.find((answer) => answer.status !== 200)).toStrictEqual(LAST_MANAGER);
        expect(await activeManagers()).toHaveLength(1);
      }
    });
  });
});
