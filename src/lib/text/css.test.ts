/** cssUrl: any text becomes one CSS url() token; nothing it holds ends the string or the declaration. */
import { describe, expect, it } from 'vitest';
import { cssUrl } from './css.ts';

describe('cssUrl', () => {
  it('writes a plain path or URL as it is, in a double-quoted url()', () => {
    expect(cssUrl('/media/service.jpg')).toBe('url("/media/service.jpg")');
    expect(cssUrl('https://cdn.example.com.au/hero.webp?w=1600&h=600')).toBe('url("https://cdn.example.com.au/hero.webp?w=1600&h=600")');
  });

  it('escapes quotes, parentheses and backslashes', () => {
    expect(cssUrl(`/a'b"c(d)e\\f`)).toBe(String.raw`url("/a\'b\"c\(d\)e\\f")`);
  });

  it('escapes new lines and other control characters by their code', () => {
    expect(cssUrl('/a\nb\r\fc\u0000d\u007f')).toBe(String.raw`url("/a\a b\d \c c\0 d\7f ")`);
  });

  it("keeps a value that tries to end the url() inside it: /media/x.jpg');background:url('https://attacker.example/beacon", () => {
    const css = cssUrl("/media/x.jpg');background:url('https://attacker.example/beacon");
    expect(css).toBe(String.raw`url("/media/x.jpg\'\);background:url\(\'https://attacker.example/beacon")`);
    // One string token: no quote or parenthesis unescaped between url(" and the closing ").
    expect(css.slice(5, -2).replace(/\\./g, '')).not.toMatch(/["'()\\]/);
  });
});
