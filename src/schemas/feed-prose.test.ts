/** Dealer prose reduced to its text once, where a feed is read (feed-prose.ts). */
import { describe, expect, it } from 'vitest';
import { proseText } from './feed-prose.ts';

describe('proseText', () => {
  it.each([
    ['<script>alert(1)</script><b>Bold</b>', 'Bold'],
    ['<style>p { color: red }</style>Clean<!-- a note -->', 'Clean'],
    ['<p>One owner.</p><p>Full service history.</p>', 'One owner.\nFull service history.'],
    ['Line one<br>Line two<br/>Line three', 'Line one\nLine two\nLine three'],
    ['<ul><li>Tow bar</li><li>Roof racks</li></ul>', 'Tow bar\nRoof racks'],
    ['A &amp; B &quot;quoted&quot; &#39;single&#39;', 'A & B "quoted" \'single\''],
    // Decoded once: an encoded tag is text, not markup, and an encoded entity stays one.
    ['Use &lt;b&gt; for bold', 'Use <b> for bold'],
    ['&amp;lt;', '&lt;'],
    ['<script>alert(1)</script>', ''],
  ])('%j -> %j', (text, expected) => {
    expect(proseText(text)).toBe(expected);
  });

  it.each(['Says "like new" on the tin\nSecond line', 'Price < $20k & 5 > 3', 'R&D special', 'Fish & chips', 'Vehicle 7 & <friends>', 'a<b'])(
    'leaves text without markup as it is: %j',
    (text) => {
      expect(proseText(text)).toBe(text);
    },
  );
});
