/** The one-host-one-tenant rule shared by the lead API and the pipeline (host-claims.ts). */
import { describe, expect, it } from 'vitest';
import { duplicateHostMessage, hostKey, settleHostClaims, siteHost } from './host-claims.ts';

describe('host claims', () => {
  it('a url claims its host name; www and the apex, case and a trailing dot are one host', () => {
    expect(siteHost('https://WWW.Acme.example.com.au./cars')).toEqual({ name: 'www.acme.example.com.au', key: 'acme.example.com.au' });
    expect(hostKey('acme.example.com.au.')).toBe('acme.example.com.au');
    expect(siteHost(undefined)).toBeUndefined();
    expect(siteHost('not a url')).toBeUndefined();
    expect(siteHost('ftp://acme.example.com.au')).toBeUndefined();
  });

  it('the first claim of a host wins; later claims of other tenants are refused with that owner', () => {
    const { owners, refused } = settleHostClaims([
      { slug: 'alpha', key: 'acme.example.com.au' },
      { slug: 'beta', key: 'acme.example.com.au' },
      { slug: 'alpha', key: 'acme.example.com.au' },
      { slug: 'gamma', key: 'gamma.example.com.au' },
    ]);
    expect([...owners]).toEqual([
      ['acme.example.com.au', 'alpha'],
      ['gamma.example.com.au', 'gamma'],
    ]);
    expect(refused).toEqual([{ claim: { slug: 'beta', key: 'acme.example.com.au' }, owner: 'alpha' }]);
    expect(duplicateHostMessage('beta', 'www.acme.example.com.au', 'alpha')).toBe(
      'tenant beta: site.json url host www.acme.example.com.au is already the host of tenant alpha; give each tenant its own host',
    );
  });
});
