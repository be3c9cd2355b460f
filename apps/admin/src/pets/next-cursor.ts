/**
 * The `cursor` of the page after this one, from the `Link: <…>; rel="next"` header of a listPets answer; undefined
 * on the last page. The link is a full address that may name another origin (a proxy, the staging store): only its
 * cursor is taken, and the request for the next page still goes through the contract client.
 */
export function nextCursor(linkHeader: string | null): string | undefined {
  if (!linkHeader) return undefined;
  for (const link of linkHeader.split(',')) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(link);
    if (!match?.[1] || !/;\s*rel="?next"?\s*(;|$)/i.test(match[2] ?? '')) continue;
    try {
      return new URL(match[1], 'http://relative.invalid').searchParams.get('cursor') ?? undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
