import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi.js';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

describe("the contract's version", () => {
  it("is package.json's in the OpenAPI document (`pnpm build` copies it after `changeset version`)", () => {
    expect(openApiDocument.info.version).toBe(version);
  });
});
