/**
 * A make's (or brand's) wordmark badge: its name set in a ring of the theme colour, for one the
 * tenant has no logo of (the product ships no make logos: docs/decisions.md "Make tiles and demo
 * drawings"). The home page's make tiles (HeroSearch) and the /brands cards (BrandCard.astro,
 * rendered without JavaScript) show the same badge.
 */
import { wordmarkLines } from '../../lib/range/make-logos.ts';
import './make-badge.css';

export function MakeBadge({ make, width = 96, height = 48 }: { make: string; width?: number; height?: number }) {
  const lines = wordmarkLines(make);
  const longest = Math.max(...lines.map((line) => line.length));
  // Capitals of the bold face are about 0.68 em wide: the longest line fits the badge's 92 units.
  const size = Math.min(lines.length === 1 ? 19 : 15, 92 / (0.68 * longest));
  const first = lines.length === 1 ? 30 + size * 0.36 : 30 - size * 0.2;
  return (
    <svg className="make-badge" viewBox="0 0 120 60" width={width} height={height} focusable="false">
      <rect className="make-badge__ring" x="2" y="2" width="116" height="56" rx="28" />
      <rect className="make-badge__inner" x="7" y="7" width="106" height="46" rx="23" />
      {lines.map((line, index) => (
        <text key={line} className="make-badge__text" x="60" y={(first + index * size * 1.05).toFixed(1)} textAnchor="middle" fontSize={size.toFixed(1)}>
          {line}
        </text>
      ))}
    </svg>
  );
}
