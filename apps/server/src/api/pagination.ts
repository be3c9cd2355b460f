const CURSOR_VERSION = 'a';

/**
 * Cursors are opaque to clients so that the position format can change without breaking them; today it is the
 * last id of the previous page.
 */
export function encodeCursor(afterId: number): string {
  return Buffer.from(`${CURSOR_VERSION}${afterId}`).toString('base64url');
}

/** The id a cursor stands for, or undefined when this store did not produce it. */
export function decodeCursor(cursor: string): number | undefined {
  const match = /^a([1-9][0-9]{0,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
  const afterId = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(afterId) ? afterId : undefined;
}
