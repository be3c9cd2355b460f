import type { ServerResponse } from 'node:http';

/** Headers set on every response of a kind, the same each time. */
export type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

/** Prepares a list of headers once, and returns what sets them on a response; the tuning has a faster one. */
export type HeaderBlock = (headers: HeaderList) => (res: ServerResponse) => void;

/** Node's way: `setHeader` for each, which validates each name and value on every response. */
export const headersOneByOne: HeaderBlock = (headers) => (res) => {
  for (const [name, value] of headers) res.setHeader(name, value);
};
