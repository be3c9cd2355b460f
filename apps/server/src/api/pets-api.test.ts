import { PetSchema } from '@animal-store/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/databases.js';
import { aJson, anError, see } from '../test-support/http-assertions.js';
import { useTestServer } from '../test-support/use-test-server.js';

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe.each(testDatabaseKinds)('the three operations on $name', (kind) => {
  const server = useTestServer(kind);

  describe('POST /v1/pets (createPet)', () => {
    it('201: returns the animal with its new id and a Location naming it', async () => {
      const response = await server().request(
        '/v1/pets',
        json({ name: 'Rex', categoryId: 7, status: 'available' }),
      );
      const seen = await see(response);
      const id = PetSchema.parse(seen.body).id;
      expect(seen).toStrictEqual(aJson(201, { id, name: 'Rex', categoryId: 7, status: 'available' }));
      expect(response.headers.get('location')).toBe(`/v1/pets/${id}`);
    });

    it('201: leaves status absent when none is given', async () => {
      const seen = await see(await server().request('/v1/pets', json({ name: 'Tom', categoryId: 1 })));
      expect(seen).toStrictEqual(aJson(201, { id: expect.any(Number), name: 'Tom', categoryId: 1 }));
    });

    it.each([
      ['the body is missing', undefined, 'The request body is required and must be a JSON object.'],
      ['the body is an array', [], 'The request body is required and must be a JSON object.'],
      ['the body is null', null, 'The request body is required and must be a JSON object.'],
      ['the body is a string', 'Rex', 'The request body is required and must be a JSON object.'],
      ['name is missing', { categoryId: 1 }, "body field 'name': is required"],
      ['categoryId is missing', { name: 'Rex' }, "body field 'categoryId': is required"],
      ['both are missing', {}, "body field 'name': is required; body field 'categoryId': is required"],
      ['name is a number', { name: 7, categoryId: 1 }, "body field 'name': must be a string"],
      [
        'categoryId is null',
        { name: 'Rex', categoryId: null },
        "body field 'categoryId': must be a whole number",
      ],
      [
        'categoryId is a string',
        { name: 'Rex', categoryId: '5' },
        "body field 'categoryId': must be a whole number",
      ],
      [
        'categoryId is 2^63',
        { name: 'Rex', categoryId: 2 ** 63 },
        "body field 'categoryId': must be at most 9007199254740991",
      ],
      [
        'status is unknown',
        { name: 'Rex', categoryId: 1, status: 'lost' },
        "body field 'status': must be one of available, pending, sold",
      ],
      ['name is blank', { name: ' ', categoryId: 1 }, "body field 'name': must not be empty or blank"],
      [
        'name is a Hangul filler',
        { name: '\u3164', categoryId: 1 },
        "body field 'name': must not be empty or blank",
      ],
      [
        'name is the braille blank',
        { name: '\u2800', categoryId: 1 },
        "body field 'name': must not be empty or blank",
      ],
      [
        'name hides tags after Rex',
        { name: 'Rex\u{E0041}\u{E0042}', categoryId: 1 },
        "body field 'name': must not contain bidirectional controls or invisible characters",
      ],
      [
        'name has a joiner after an accented Latin letter',
        { name: 'e\u0301\u200Dx', categoryId: 1 },
        "body field 'name': must not contain bidirectional controls or invisible characters",
      ],
      [
        'an id is sent',
        { id: 5, name: 'Rex', categoryId: 1 },
        "body field 'id': is assigned by the store and must not be sent",
      ],
      [
        'a field is unknown',
        { name: 'Rex', categoryId: 1, colour: 'red' },
        "body field 'colour': is not a known field",
      ],
    ])('400 when %s', async (_, body, message) => {
      const init = body === undefined ? { method: 'POST' } : json(body);
      expect(await see(await server().request('/v1/pets', init))).toStrictEqual(
        anError(400, 'validation_failed', message),
      );
    });

    it.each([
      ['1e400', "body field 'categoryId': must be a whole number"],
      ['-0', "body field 'categoryId': must be a positive whole number"],
      ['9223372036854775808', "body field 'categoryId': must be at most 9007199254740991"],
      ['1.0e0', null],
    ])('judges the number as written in JSON: categoryId %s', async (literal, message) => {
      const response = await server().request('/v1/pets', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"name":"Num","categoryId":${literal}}`,
      });
      const seen = await see(response);
      if (message === null)
        expect(seen).toStrictEqual(aJson(201, { id: expect.any(Number), name: 'Num', categoryId: 1 }));
      else expect(seen).toStrictEqual(anError(400, 'validation_failed', message));
    });

    it('does not store an animal it refused', async () => {
      await server().request('/v1/pets', json({ name: 'Ghost', categoryId: 'x' }));
      const listed = await see(await server().request('/v1/pets?limit=100'));
      expect((listed.body as Array<{ name: string }>).map((pet) => pet.name)).not.toContain('Ghost');
    });
  });

  describe('GET /v1/pets (listPets)', () => {
    let created: Array<{ id: number; status?: string }>;

    beforeAll(async () => {
      created = [];
      for (let index = 0; index < 105; index++) {
        const status = (['available', 'pending', 'sold'] as const)[index % 3];
        const response = await server().request(
          '/v1/pets',
          json({ name: `pet ${index}`, categoryId: 2, status }),
        );
        created.push(PetSchema.parse(await response.json()));
      }
    });

    const listIds = async (query: string) => {
      const seen = await see(await server().request(`/v1/pets${query}`));
      expect(seen.status).toBe(200);
      return (seen.body as Array<{ id: number }>).map((pet) => pet.id);
    };

    it('200: the first 20 animals in id order by default', async () => {
      const ids = await listIds('');
      expect(ids).toHaveLength(20);
      expect(ids).toStrictEqual([...ids].sort((a, b) => a - b));
    });

    it.each([
      ['1', 1],
      ['100', 100],
    ])('200: limit=%s returns that many', async (limit, count) => {
      expect(await listIds(`?limit=${limit}`)).toHaveLength(count);
    });

    it.each([
      ['0', 'must be at least 1'],
      ['101', 'must be at most 100'],
      ['', 'must not be empty'],
      ['05', 'must not start with 0'],
      ...['1.5', 'ten', '-1', '1e1', '0x10', '0b11', '%205', '5%20', '%2B5', '5.0'].map((limit) => [
        limit,
        'must be a whole number written in decimal digits only (no sign, point, exponent or spaces)',
      ]),
    ])('400: limit=%s', async (limit, message) => {
      expect(await see(await server().request(`/v1/pets?limit=${limit}`))).toStrictEqual(
        anError(400, 'validation_failed', `query parameter 'limit': ${message}`),
      );
    });

    it.each([
      ['limit=1&limit=2', "query parameter 'limit': must be given at most once"],
      ['status=sold&status=sold', "query parameter 'status': must be given at most once"],
    ])('400: a repeated parameter, %s', async (query, message) => {
      expect(await see(await server().request(`/v1/pets?${query}`))).toStrictEqual(
        anError(400, 'validation_failed', message),
      );
    });

    it('200: status restricts the list to that status', async () => {
      const soldIds = created.filter((pet) => pet.status === 'sold').map((pet) => pet.id);
      expect(await listIds('?status=sold&limit=100')).toStrictEqual(soldIds);
    });

    it('400: an unknown status or parameter', async () => {
      expect(await see(await server().request('/v1/pets?status=lost'))).toStrictEqual(
        anError(
          400,
          'validation_failed',
          "query parameter 'status': must be one of available, pending, sold",
        ),
      );
      expect(await see(await server().request('/v1/pets?staus=sold'))).toStrictEqual(
        anError(400, 'validation_failed', "query parameter 'staus': is not a known parameter"),
      );
    });
  });

  describe('GET /v1/pets/{petId} (getPet)', () => {
    it('200: the animal', async () => {
      const created = PetSchema.parse(
        await (await server().request('/v1/pets', json({ name: 'Kit', categoryId: 4 }))).json(),
      );
      expect(await see(await server().request(`/v1/pets/${created.id}`))).toStrictEqual(aJson(200, created));
    });

    it('404: no animal with that id', async () => {
      expect(await see(await server().request('/v1/pets/9007199254740991'))).toStrictEqual(
        anError(404, 'pet_not_found', 'No animal has id 9007199254740991.'),
      );
    });

    it('400: any query parameter', async () => {
      expect(await see(await server().request('/v1/pets/1?limit=1'))).toStrictEqual(
        anError(400, 'validation_failed', "query parameter 'limit': is not a known parameter"),
      );
    });

    it.each([
      ...['0', '01', '1.0', '-1', 'abc', '%00'].map((petId) => [petId, 'must be a positive whole number']),
      ['9007199254740992', 'must be at most 9007199254740991'],
    ])('400: petId %j', async (petId, message) => {
      expect(await see(await server().request(`/v1/pets/${petId}`))).toStrictEqual(
        anError(400, 'validation_failed', `path parameter 'petId': ${message}`),
      );
    });
  });
});
