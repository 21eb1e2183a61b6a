/**
 * Which network addresses the web-data gateway may connect to (docs/decisions/035-outbound-address-policy.md).
 * Pure: no DNS, no sockets. The outbound client (outbound-client.ts) resolves a host once, asks
 * this module about every address, and connects to the address it checked.
 *
 * Refused: loopback, private, shared (CGNAT), link-local (cloud metadata at 169.254.169.254),
 * multicast, broadcast, reserved and documentation ranges, and their IPv6 equivalents; IPv6 forms
 * that carry an IPv4 address (mapped, compatible, NAT64, 6to4) are judged by the IPv4 they carry,
 * and Teredo, whose embedded address cannot be trusted, is refused. Only what an operator lists in
 * DATA_ALLOW_PRIVATE_HOSTS (addresses, ranges or host names) is let through besides.
 */
import net from 'node:net';

/** An IPv4 range as [first, last] numbers, with why it is refused. */
const V4_REFUSED: ReadonlyArray<readonly [string, number, string]> = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared address space'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

/** IPv6 ranges refused outright (mapped and embedding forms are handled before these). */
const V6_REFUSED: ReadonlyArray<readonly [string, number, string]> = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['100::', 64, 'discard'],
  ['64:ff9b:1::', 48, 'local NAT64'],
  ['2001::', 32, 'Teredo'],
  ['2001::', 23, 'protocol assignments'],
  ['2001:db8::', 32, 'documentation'],
  ['3fff::', 20, 'documentation'],
  ['fc00::', 7, 'unique local (private)'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

/** Parses dotted IPv4 into a 32-bit number; undefined when it is not exactly that. */
export function parseIpv4(text: string): number | undefined {
  if (!net.isIPv4(text)) return undefined;
  return text.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

/** Parses IPv6 (with `::`, an embedded dotted IPv4 tail, a zone) into a 128-bit bigint. */
export function parseIpv6(text: string): bigint | undefined {
  const bare = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!net.isIPv6(bare)) return undefined;
  let groups: string[];
  const [head = '', tail] = bare.split('::');
  const expand = (part: string) => {
    if (part === '') return [];
    const out: string[] = [];
    for (const g of part.split(':')) {
      const v4 = parseIpv4(g);
      if (v4 !== undefined) out.push((v4 >>> 16).toString(16), (v4 & 0xffff).toString(16));
      else out.push(g);
    }
    return out;
  };
  if (tail === undefined) groups = expand(head);
  else {
    const h = expand(head);
    const t = expand(tail);
    groups = [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  }
  if (groups.length !== 8) return undefined;
  return groups.reduce((n, g) => (n << 16n) | BigInt(parseInt(g, 16)), 0n);
}

const inV4 = (n: number, base: string, bits: number) => {
  const b = parseIpv4(base) ?? 0;
  const size = 2 ** (32 - bits);
  return n >= b && n < b + size;
};

const inV6 = (n: bigint, base: string, bits: number) => {
  const b = parseIpv6(base) ?? 0n;
  const shift = BigInt(128 - bits);
  return n >> shift === b >> shift;
};

function judgeV4(n: number): AddressVerdict {
  if (n === 0xffffffff) return { allowed: false, reason: 'broadcast' };
  for (const [base, bits, reason] of V4_REFUSED) {
    if (inV4(n, base, bits)) return { allowed: false, reason };
  }
  return { allowed: true };
}

/** The IPv4 address an IPv6 form carries, when it carries one we can judge. */
function embeddedV4(n: bigint): number | undefined {
  const low32 = Number(n & 0xffffffffn);
  if (inV6(n, '::ffff:0:0', 96)) return low32; // IPv4-mapped
  if (inV6(n, '::', 96) && n > 1n) return low32; // IPv4-compatible (deprecated)
  if (inV6(n, '64:ff9b::', 96)) return low32; // NAT64 well-known prefix
  if (inV6(n, '2002::', 16)) return Number((n >> 80n) & 0xffffffffn); // 6to4
  return undefined;
}

function judgeV6(n: bigint): AddressVerdict {
  const v4 = embeddedV4(n);
  if (v4 !== undefined) {
    const inner = judgeV4(v4);
    return inner.allowed ? inner : { allowed: false, reason: `${inner.reason} (IPv4 in IPv6)` };
  }
  for (const [base, bits, reason] of V6_REFUSED) {
    if (inV6(n, base, bits)) return { allowed: false, reason };
  }
  // Everything public lies in global unicast; the rest of the space is unassigned.
  if (!inV6(n, '2000::', 3)) return { allowed: false, reason: 'not global unicast' };
  return { allowed: true };
}

/** One entry of DATA_ALLOW_PRIVATE_HOSTS: a host name, an address, or a range in CIDR form. */
export type AllowEntry =
  | { kind: 'host'; host: string }
  | { kind: 'v4'; base: number; bits: number }
  | { kind: 'v6'; base: bigint; bits: number };

/** Parses DATA_ALLOW_PRIVATE_HOSTS; throws naming the first entry that is none of the three. */
export function parseAllowList(entries: readonly string[]): AllowEntry[] {
  return entries.map((raw) => {
    const entry = raw.trim().toLowerCase();
    const [addr = '', bitsText] = entry.replace(/^\[|\]$/g, '').split('/');
    const v4 = parseIpv4(addr);
    const v6 = v4 === undefined ? parseIpv6(addr) : undefined;
    const max = v4 !== undefined ? 32 : 128;
    const bits = bitsText === undefined ? max : Number(bitsText);
    if ((v4 !== undefined || v6 !== undefined) && Number.isInteger(bits) && bits >= 0) {
      if (bits <= max && v4 !== undefined) return { kind: 'v4', base: v4, bits };
      if (bits <= max && v6 !== undefined) return { kind: 'v6', base: v6, bits };
    }
    if (
      bitsText === undefined &&
      /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(entry)
    )
      return { kind: 'host', host: entry };
    throw new Error(`"${raw}" is not a host name, an IP address or a CIDR range`);
  });
}

function listed(allow: readonly AllowEntry[], host: string, address: string): boolean {
  const v4 = parseIpv4(address);
  const v6 = v4 === undefined ? parseIpv6(address) : undefined;
  return allow.some((e) => {
    if (e.kind === 'host') return e.host === host.toLowerCase();
    if (e.kind === 'v4' && v4 !== undefined) {
      const shift = 32 - e.bits;
      return e.bits === 0 || Math.floor(v4 / 2 ** shift) === Math.floor(e.base / 2 ** shift);
    }
    if (e.kind === 'v6' && v6 !== undefined) {
      const shift = BigInt(128 - e.bits);
      return v6 >> shift === e.base >> shift;
    }
    return false;
  });
}

/**
 * May the gateway connect to `address`, reached as `host`? Anything that is not an IP address
 * is refused: the caller must have resolved the name first.
 */
export function judgeAddress(
  address: string,
  host: string,
  allow: readonly AllowEntry[] = [],
): AddressVerdict {
  const v4 = parseIpv4(address);
  const v6 = v4 === undefined ? parseIpv6(address) : undefined;
  if (v4 === undefined && v6 === undefined) return { allowed: false, reason: 'not an address' };
  const verdict = v4 !== undefined ? judgeV4(v4) : judgeV6(v6 ?? 0n);
  if (verdict.allowed || listed(allow, host, address)) return { allowed: true };
  return verdict;
}
