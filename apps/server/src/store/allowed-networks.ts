import { BlockList } from 'node:net';

/**
 * A key's `allowedNetworks` made ready to check an address against, once per verified key rather than per request.
 * Node's BlockList matches in native code, and matches an IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, which a
 * dual-stack listener reports for an IPv4 client) against an IPv4 range, and the other way round (decision 078).
 */
export interface NetworkList {
  allows(address: string): boolean;
}

export function networkList(ranges: readonly string[]): NetworkList {
  const list = new BlockList();
  for (const range of ranges) {
    const [address = '', prefix = ''] = range.split('/');
    list.addSubnet(address, Number(prefix), familyOf(address));
  }
  // BlockList wraps each address it checks in a native object; a client calls from a few addresses, so each one's
  // answer is kept (a few, per verified key) and a read costs a map lookup rather than an allocation to collect.
  const answers = new Map<string, boolean>();
  return {
    allows(address) {
      let allowed = answers.get(address);
      if (allowed === undefined) {
        // An address the runtime cannot parse (`unknown`, a zone id) is in no range: refused, never thrown over.
        allowed = list.check(address, familyOf(address));
        if (answers.size >= REMEMBERED_ADDRESSES) answers.clear();
        answers.set(address, allowed);
      }
      return allowed;
    },
  };
}

/** Addresses whose answer a key's list keeps; a key called from more simply checks again. */
const REMEMBERED_ADDRESSES = 64;

const familyOf = (address: string) => (address.includes(':') ? 'ipv6' : 'ipv4');

/**
 * Whether a range sets address bits after its prefix length (`10.0.0.1/8`): it reads as one address but would
 * allow the whole network, so the store refuses it. The range is one the
 * contract's CIDR rule accepted.
 */
export function hostBitsSet(range: string): boolean {
  const [address = '', prefix = ''] = range.split('/');
  const bits = addressBits(address);
  const hostBits = bits.length - Number(prefix);
  return hostBits > 0 && bits.slice(-hostBits).includes('1');
}

/** An address as a string of its bits, 32 for IPv4 and 128 for IPv6. */
function addressBits(address: string): string {
  if (!address.includes(':')) return address.split('.').map(byteBits).join('');
  // An IPv6 address may end in an IPv4 one (`::ffff:192.0.2.1`): two groups' worth.
  const ipv4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  const groupsPart = ipv4Tail ? address.slice(0, -ipv4Tail.length) : address;
  const [head = '', tail] = groupsPart.split('::');
  const groupsOf = (part: string) => part.split(':').filter(Boolean);
  const tailGroups = tail === undefined ? [] : groupsOf(tail);
  const tailBits = tailGroups.map(groupBits).join('') + (ipv4Tail ? addressBits(ipv4Tail) : '');
  const headBits = groupsOf(head).map(groupBits).join('');
  return headBits.padEnd(128 - tailBits.length, '0') + tailBits;
}

const byteBits = (byte: string) => Number(byte).toString(2).padStart(8, '0');
const groupBits = (group: string) => Number.parseInt(group, 16).toString(2).padStart(16, '0');
