/**
 * The target of the first link with relation `rel` in an RFC 8288 `Link` header, or undefined. Only the shape
 * the store sends is needed: `<url>; rel="name"` entries separated by commas.
 */
export function linkTarget(header: string | null, rel: string): string | undefined {
  if (!header) return undefined;
  for (const match of header.matchAll(/<([^>]*)>\s*((?:;\s*[^;,]*)*)/g)) {
    const params = match[2] ?? '';
    const rels = /;\s*rel\s*=\s*"?([^";,]*)"?/i.exec(params)?.[1]?.split(/\s+/) ?? [];
    if (rels.includes(rel)) return match[1];
  }
  return undefined;
}
