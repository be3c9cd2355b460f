/**
 * The `Link` header of RFC 8288: `<target>; rel="name"` entries separated by commas. The store sends one relation
 * per response (`next` on a list page, `successor-version` on a deprecated operation); clients may meet more behind
 * a proxy, so the parser takes the whole grammar and skips what it cannot read rather than failing.
 */

/** One link-value: a target in angle brackets, then parameters whose values are bare tokens or quoted strings. */
const LINK_VALUE =
  /\s*<([^>]*)>((?:\s*;(?:\s*[^\s;,="]+(?:\s*=\s*(?:"(?:[^"\\]|\\.)*"|[^\s;,"]*))?)?)*)\s*(?:,|$)/y;

/** Whatever precedes the next comma that is neither quoted nor inside angle brackets: an entry that does not parse. */
const UNREADABLE_ENTRY = /(?:[^,"<]|"(?:[^"\\]|\\.)*"?|<[^>]*>?)*,?/y;

const PARAMETER = /;\s*([^\s;,="]+)(?:\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s;,"]*)))?/g;

/**
 * The target of the first link with relation `rel` in a `Link` header, exactly as written (relative or absolute),
 * or undefined. Relation types compare case-insensitively, and `rel` may list several (`rel="prev next"`).
 */
export function linkTarget(header: string | null | undefined, rel: string): string | undefined {
  if (!header) return undefined;
  const wanted = rel.toLowerCase();
  let at = 0;
  while (at < header.length) {
    LINK_VALUE.lastIndex = at;
    const link = LINK_VALUE.exec(header);
    if (link) {
      at = LINK_VALUE.lastIndex;
      if (relationsOf(link[2] ?? '').includes(wanted)) return link[1];
      continue;
    }
    UNREADABLE_ENTRY.lastIndex = at;
    UNREADABLE_ENTRY.exec(header);
    at = Math.max(UNREADABLE_ENTRY.lastIndex, at + 1);
  }
  return undefined;
}

/** The relation types of one link-value's parameters, lower-cased; only the first `rel` counts (RFC 8288 §3.3). */
function relationsOf(parameters: string): string[] {
  for (const [, name, quoted, token] of parameters.matchAll(PARAMETER)) {
    if (name?.toLowerCase() !== 'rel') continue;
    const value = quoted === undefined ? (token ?? '') : quoted.replace(/\\(.)/g, '$1');
    return value.toLowerCase().split(/\s+/).filter(Boolean);
  }
  return [];
}

/** One link-value as the store writes it: `<target>; rel="name"`. `target` is a URL reference, so it has no `<>`. */
export function formatLink(target: string, rel: string): string {
  return `<${target}>; rel="${rel}"`;
}
