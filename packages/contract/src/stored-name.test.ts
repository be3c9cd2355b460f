import { describe, expect, it } from 'vitest';
import { ApiKeySchema } from './api-key-schemas.js';
import { NewPetSchema, PetSchema } from './schemas.js';

/** Names that 1.1.0 stored and today's input rule refuses: an answer that carries one must still be read. */
const STORED_BY_EARLIER_VERSIONS = [
  'ad\u200Bmin',
  'deploy \u202Etob',
  'soft\u00ADhyphen',
  '\uFEFFbom',
  'ad\u200Dmin',
  'Rex \u200D🦺',
  '\u2066iso\u2069',
  'x'.repeat(255),
];

const pet = (name: string) => ({ id: 1, name, categoryId: 1 });

describe('a name in an answer', () => {
  it.each(STORED_BY_EARLIER_VERSIONS)('of an animal is read, though input refuses it: %j', (name) => {
    expect(PetSchema.parse(pet(name))).toStrictEqual(pet(name));
  });

  it.each(STORED_BY_EARLIER_VERSIONS.slice(0, -1))('is refused on input: %j', (name) => {
    expect(NewPetSchema.safeParse({ name, categoryId: 1 }).success).toBe(false);
  });

  it.each(STORED_BY_EARLIER_VERSIONS)('of an API key is read: %j', (name) => {
    expect(ApiKeySchema.shape.name.parse(name)).toBe(name);
  });

  // What no version ever stored: a client may rely on it.
  it.each([[''], [' '], ['x'.repeat(256)], ['a\u0000b'], ['\uD800']])('of an animal is never %j', (name) => {
    expect(PetSchema.safeParse(pet(name)).success).toBe(false);
  });
});
