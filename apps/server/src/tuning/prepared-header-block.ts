import { OutgoingMessage } from 'node:http';
import { type HeaderBlock, headersOneByOne } from '../http/header-block.js';

type HeaderTable = Record<string, [name: string, value: string]>;

/**
 * The table in which Node keeps a message's headers, found by its name on a message given one header: Node keys it
 * by the lower-case name, each entry `[name, value]`, and writes it out without validating again. Undefined when a
 * Node keeps its headers otherwise; the headers are then set one by one.
 */
function headerTableSymbol(): symbol | undefined {
  const probe = new OutgoingMessage();
  probe.setHeader('X-Probe', 'probe');
  const symbol = Object.getOwnPropertySymbols(probe).find((each) => each.description === 'kOutHeaders');
  if (symbol === undefined) return undefined;
  const entry = (probe as unknown as Record<symbol, HeaderTable | null>)[symbol]?.['x-probe'];
  return entry?.[0] === 'X-Probe' && entry[1] === 'probe' ? symbol : undefined;
}

/**
 * Headers validated once, when the store starts (by `setHeader` on a scratch message, which throws as it would on
 * a response), then written straight into each response's header table: `setHeader` validates the name and the
 * value again on every call. Each response gets entries of its own, since `appendHeader` changes one in place.
 */
export const preparedHeaderBlock: HeaderBlock = (headers) => {
  const scratch = new OutgoingMessage();
  for (const [name, value] of headers) scratch.setHeader(name, value);
  const symbol = headerTableSymbol();
  if (symbol === undefined) return headersOneByOne(headers);
  const entries = headers.map(([name, value]) => [name.toLowerCase(), name, value] as const);
  return (res) => {
    const slots = res as unknown as Record<symbol, HeaderTable | null>;
    let table = slots[symbol];
    if (!table) {
      table = Object.create(null) as HeaderTable;
      slots[symbol] = table;
    }
    for (const [key, name, value] of entries) table[key] = [name, value];
  };
};
