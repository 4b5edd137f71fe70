/**
 * What one client is: the /64 of an IPv6 address, an IPv4-mapped address as IPv4, and behind
 * trusted proxies the nearest forwarded hop that is not one of them.
 */
import { describe, expect, it } from 'vitest';
import { clientAddress, proxyMatcher, requestAddress } from './client-address.ts';

describe('client addresses', () => {
  it('counts an IPv6 /64 as one client and a mapped IPv4 address as that address', () => {
    expect(clientAddress('2001:db8:0:1::a')).toBe(clientAddress('2001:db8:0:1:ffff::b'));
    expect(clientAddress('::ffff:192.0.2.7')).toBe('192.0.2.7');
  });

  it('believes X-Forwarded-For only from trusted proxies, and takes the nearest hop that is not one', () => {
    const trusted = proxyMatcher(['10.0.0.0/8', '192.168.1.7']);
    expect(requestAddress('203.0.113.9', '198.51.100.1', trusted)).toBe('203.0.113.9');
    expect(requestAddress('10.1.2.3', '198.51.100.1, 203.0.113.5', trusted)).toBe('203.0.113.5');
    expect(requestAddress('::ffff:10.1.2.3', '198.51.100.1, 192.168.1.7', trusted)).toBe('198.51.100.1');
    // A client cannot pick its own key by prepending hops; a malformed hop ends the walk at the proxy.
    expect(requestAddress('10.1.2.3', 'anything, not-an-ip', trusted)).toBe('10.1.2.3');
    expect(requestAddress('10.1.2.3', undefined, trusted)).toBe('10.1.2.3');
    expect(requestAddress('10.1.2.3', '1.2.3.4', proxyMatcher([]))).toBe('10.1.2.3');
  });
});
