import { describe, expect, it } from 'vitest';
import { judgeAddress, parseAllowList, parseIpv6 } from './address-policy.ts';

const refused = (address: string, host = 'example.org', allow: string[] = []) =>
  judgeAddress(address, host, parseAllowList(allow));

describe('address policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared address space'],
    ['0.0.0.0', 'this network'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
  ])('refuses IPv4 %s (%s)', (address, reason) => {
    expect(refused(address)).toEqual({ allowed: false, reason });
  });

  it.each([
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fd00:ec2::254', 'unique local (private)'],
    ['fc00::1', 'unique local (private)'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['64:ff9b:1::1', 'local NAT64'],
    ['100::1', 'discard'],
  ])('refuses IPv6 %s (%s)', (address, reason) => {
    expect(refused(address)).toEqual({ allowed: false, reason });
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['0:0:0:0:0:ffff:10.0.0.1', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['::a00:1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b::192.168.0.1', 'private'],
    ['2002:a9fe:a9fe::1', 'link-local'],
    ['2002:7f00:1::', 'loopback'],
  ])('judges the IPv4 inside %s (%s)', (address, reason) => {
    expect(refused(address)).toEqual({ allowed: false, reason: `${reason} (IPv4 in IPv6)` });
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '::ffff:93.184.216.34',
    '64:ff9b::808:808',
    '2002:5db8:d822::1',
  ])('lets public %s through', (address) => {
    expect(refused(address)).toEqual({ allowed: true });
  });

  it('refuses what is not an address at all', () => {
    expect(refused('localhost').allowed).toBe(false);
    expect(refused('').allowed).toBe(false);
    expect(refused('1.2.3').allowed).toBe(false);
  });

  it('lets through exactly what DATA_ALLOW_PRIVATE_HOSTS lists: addresses, ranges, host names', () => {
    expect(refused('127.0.0.1', 'x', ['127.0.0.1']).allowed).toBe(true);
    expect(refused('127.0.0.2', 'x', ['127.0.0.1']).allowed).toBe(false);
    expect(refused('10.20.30.40', 'x', ['10.20.0.0/16']).allowed).toBe(true);
    expect(refused('10.21.0.1', 'x', ['10.20.0.0/16']).allowed).toBe(false);
    expect(refused('::1', 'x', ['::1']).allowed).toBe(true);
    expect(refused('fd12:3456::9', 'x', ['fd12::/16']).allowed).toBe(true);
    expect(refused('192.168.1.5', 'wiki.troop.lan', ['Wiki.Troop.LAN']).allowed).toBe(true);
    expect(refused('192.168.1.5', 'other.troop.lan', ['wiki.troop.lan']).allowed).toBe(false);
    // An IPv4 range does not open the mapped IPv6 forms of other ranges.
    expect(refused('::ffff:169.254.169.254', 'x', ['127.0.0.0/8']).allowed).toBe(false);
  });

  it('refuses a malformed DATA_ALLOW_PRIVATE_HOSTS entry, naming it', () => {
    expect(() => parseAllowList(['10.0.0.0/33'])).toThrow(/10\.0\.0\.0\/33/);
    expect(() => parseAllowList(['http://x'])).toThrow(/http:\/\/x/);
    expect(() => parseAllowList(['host/8'])).toThrow();
  });

  it('parses every IPv6 spelling to the same number', () => {
    expect(parseIpv6('::ffff:127.0.0.1')).toBe(parseIpv6('0:0:0:0:0:ffff:7f00:0001'));
    expect(parseIpv6('[::1]')).toBe(1n);
    expect(parseIpv6('not-v6')).toBeUndefined();
  });
});
