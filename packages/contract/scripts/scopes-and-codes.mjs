// What clients depend on that oasdiff does not compare, compared here (decision 051): the scopes a key needs for
// each operation (`x-required-scopes`) and the set of error codes (`x-extensible-enum` on the Error schema's `code`).
// A released document written before the document stated them has them beside it, in releases/<version>/
// scopes-and-codes.json, recorded from the source at that release; its openapi.json stays as released.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { releasedDocumentPath } from './releases.mjs';

export const SUPPLEMENT_FILE = 'scopes-and-codes.json';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const LEVEL = { info: 1, error: 3 };

/** `[['GET /pets', operation], …]`: every operation of `document`, named as oasdiff names it. */
const operationsOf = (document) =>
  Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => [
      `${method.toUpperCase()} ${path}`,
      item[method],
    ]),
  );

/**
 * `{ requiredScopes: { 'GET /pets': ['pets:read'], … }, errorCodes: [...] }` as `document` states them, with the
 * operations that state no scopes in `unstated`; `errorCodes` is undefined when the document states none.
 */
export function scopesAndCodesOf(document) {
  const scopes = operationsOf(document).map(([name, operation]) => [name, operation['x-required-scopes']]);
  const codes = document.components?.schemas?.Error?.properties?.code?.['x-extensible-enum'];
  return {
    requiredScopes: Object.fromEntries(scopes.filter(([, stated]) => Array.isArray(stated))),
    unstated: scopes.filter(([, stated]) => !Array.isArray(stated)).map(([name]) => name),
    errorCodes: Array.isArray(codes) ? codes : undefined,
  };
}

/** What a released version promised: its document's statements, completed by its supplement where it has one. */
export function releasedScopesAndCodes(releasesDir, version) {
  const own = scopesAndCodesOf(JSON.parse(readFileSync(releasedDocumentPath(releasesDir, version), 'utf8')));
  const supplementPath = join(releasesDir, version, SUPPLEMENT_FILE);
  const supplement = existsSync(supplementPath) ? JSON.parse(readFileSync(supplementPath, 'utf8')) : {};
  const recorded = supplement.requiredScopes ?? {};
  return {
    requiredScopes: { ...recorded, ...own.requiredScopes },
    unstated: own.unstated.filter((name) => !(name in recorded)),
    errorCodes: own.errorCodes ?? supplement.errorCodes,
  };
}

/** Why `facts` cannot be compared: the operations without scopes and a missing set of codes, in words. */
export function unstatedIn(facts) {
  return [
    ...(facts.unstated.length > 0 ? [`no x-required-scopes on ${facts.unstated.join(', ')}`] : []),
    ...(facts.errorCodes === undefined ? ["no x-extensible-enum on the Error schema's code"] : []),
  ];
}

const change = (level, where, text) => ({ level: LEVEL[level], ...where, text });

const named = (values) => values.map((value) => `\`${value}\``).join(', ');

/**
 * The changes between a baseline's scopes and codes and a revision's, as oasdiff's changes are shaped. Breaking:
 * an existing operation that needs a scope it did not (a key that called it is refused 403), and an error code gone
 * (a rename is one gone and one added: clients match on the old). Not breaking: a scope no longer needed, a code
 * added (the set is declared extensible: clients handle an unknown code by its status).
 */
export function scopeAndCodeChanges(base, revision) {
  const changes = [];
  for (const [name, before] of Object.entries(base.requiredScopes)) {
    const after = revision.requiredScopes[name];
    if (after === undefined) continue; // A removed operation: oasdiff reports it.
    const [method, path] = name.split(' ');
    const added = after.filter((scope) => !before.includes(scope));
    const dropped = before.filter((scope) => !after.includes(scope));
    const was = before.length > 0 ? `it needed ${named(before)}` : 'any active key could call it';
    // A scope changed is one added: the line says which it needed before.
    if (added.length > 0) {
      const text = `now needs the scope(s) ${named(added)} (${was}): keys it accepted are refused with 403`;
      changes.push(change('error', { operation: method, path }, text));
    } else if (dropped.length > 0) {
      changes.push(
        change('info', { operation: method, path }, `no longer needs the scope(s) ${named(dropped)}`),
      );
    }
  }
  const codes = { section: 'error codes' };
  for (const code of base.errorCodes.filter((code) => !revision.errorCodes.includes(code))) {
    changes.push(change('error', codes, `removed the error code \`${code}\`, which clients may match on`));
  }
  for (const code of revision.errorCodes.filter((code) => !base.errorCodes.includes(code))) {
    changes.push(change('info', codes, `added the error code \`${code}\``));
  }
  return changes;
}
