import { describe, expect, it } from 'vitest';
import { findBlockedRange, isPublicAddress, parseIPv6 } from './blocked-address';

describe('findBlockedRange: IPv4', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.0.1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['168.63.129.16', 'metadata'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.170', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.255', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['192.88.99.1', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(findBlockedRange(address)).toBe(kind);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '192.169.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '169.253.255.255',
    '11.0.0.1',
    '223.255.255.255',
    '198.20.0.0',
  ])('%s is public', (address) => {
    expect(findBlockedRange(address)).toBeNull();
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('findBlockedRange: IPv6', () => {
  it.each([
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['[::1]', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fec0::1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['ff05::1:3', 'multicast'],
    // IPv4-mapped, in both spellings: the IPv4 host itself.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['0:0:0:0:0:ffff:c0a8:0101', 'private'],
    // SIIT (::ffff:0:a.b.c.d).
    ['::ffff:0:127.0.0.1', 'loopback'],
    // IPv4-compatible (deprecated): private inside is private, public inside is refused anyway.
    ['::127.0.0.1', 'loopback'],
    ['::10.1.2.3', 'private'],
    ['::8.8.8.8', 'reserved'],
    // NAT64.
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['64:ff9b::192.168.0.1', 'private'],
    ['64:ff9b:1::1', 'private'],
    // 6to4 embedding a private IPv4 in bits 16–47.
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:0101::1', 'private'],
    ['2002:a9fe:a9fe::', 'metadata'],
    ['2002:0a00:0001:ffff::1', 'private'],
    // Special-purpose and non-global blocks.
    ['2001::1', 'reserved'], // Teredo
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['2001:10::1', 'reserved'],
    ['3fff::1', 'reserved'],
    ['100::1', 'reserved'],
    ['::2', 'unspecified'], // compatible form of 0.0.0.2
    ['1::', 'reserved'],
    ['4000::1', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(findBlockedRange(address)).toBe(kind);
  });

  it.each([
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2a00:1450:4001:82a::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:0808:0808::1',
    '2001:200::1',
    '3fff:1000::1',
  ])('%s is public', (address) => {
    expect(findBlockedRange(address)).toBeNull();
  });

  it('refuses anything that is not an IP address', () => {
    expect(findBlockedRange('localhost')).toBe('reserved');
    expect(findBlockedRange('')).toBe('reserved');
    expect(findBlockedRange('127.1')).toBe('reserved');
    expect(findBlockedRange('1.2.3.4.5')).toBe('reserved');
    expect(findBlockedRange('::ffff:1.2.3')).toBe('reserved');
  });
});

describe('parseIPv6', () => {
  it.each([
    ['::', [0, 0, 0, 0, 0, 0, 0, 0]],
    ['::1', [0, 0, 0, 0, 0, 0, 0, 1]],
    ['1::', [1, 0, 0, 0, 0, 0, 0, 0]],
    ['1:2:3:4:5:6:7:8', [1, 2, 3, 4, 5, 6, 7, 8]],
    ['1:2::7:8', [1, 2, 0, 0, 0, 0, 7, 8]],
    ['::ffff:1.2.3.4', [0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]],
    ['64:ff9b::1.2.3.4', [0x64, 0xff9b, 0, 0, 0, 0, 0x0102, 0x0304]],
    ['1:2:3:4:5:6:1.2.3.4', [1, 2, 3, 4, 5, 6, 0x0102, 0x0304]],
    ['::1.2.3.4', [0, 0, 0, 0, 0, 0, 0x0102, 0x0304]],
  ])('%s', (text, groups) => {
    expect(parseIPv6(text)).toEqual(groups);
  });

  it('returns null for text that is not IPv6', () => {
    expect(parseIPv6('1.2.3.4')).toBeNull();
    expect(parseIPv6('1:2:3')).toBeNull();
    expect(parseIPv6('::g')).toBeNull();
  });
});
