// Changes oasdiff counts as information only, which this store's promise to its clients counts as breaking: each is
// raised to an error, so that it needs a new major version. oasdiff reads custom levels from a file of
// `<check> <level>` lines without comments, so the reasons are kept here and the file is written from them.
export const RAISED_CHECKS = {
  // A deprecated operation is served until its Sunset date (getPet: 5 December 2030), and removing it breaks every
  // client still calling it: it goes in a new major version, at or after that date.
  'api-removed-with-deprecation': 'err',
  'api-path-removed-with-deprecation': 'err',
  // A deprecated parameter is still read until then; removed, it turns its callers' requests into 400s.
  'request-parameter-removed-with-deprecation': 'err',
  // The operationId is the method's name in the contract's router (`getPet`) and in clients generated from it.
  'api-operation-id-removed': 'err',
  // Clients handle the statuses an operation lists; one that goes, or changes (409 becoming 422), is left unhandled.
  'response-non-success-status-removed': 'err',
};

export const severityLevelsFile = () =>
  `${Object.entries(RAISED_CHECKS)
    .map(([check, level]) => `${check} ${level}`)
    .join('\n')}\n`;
