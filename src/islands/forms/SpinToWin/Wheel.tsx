/**
 * The prize wheel drawn in SVG: one slice per prize, as wide as its chance, in the site's
 * theme colours, with a fixed pointer at the top. It is a picture (aria-hidden): the prize
 * list beside it and the live region say the same in words. The turn is a CSS transition on
 * the disc, which spin-to-win.css switches off for prefers-reduced-motion.
 */
import type { WheelSegment } from '../../../lib/marketing/spin-to-win.ts';

const RADIUS = 100;
/** Slice colours in turn: the theme's primary and accent, and a darker primary for a third neighbour. */
const FILLS = ['spin-wheel__slice--primary', 'spin-wheel__slice--accent', 'spin-wheel__slice--deep'] as const;

function point(angle: number, radius: number): [number, number] {
  const radians = ((angle - 90) * Math.PI) / 180;
  return [Math.cos(radians) * radius, Math.sin(radians) * radius];
}

/** The SVG path of a slice from `start` to `end` degrees (clockwise from the top). */
function slicePath(start: number, end: number): string {
  if (end - start >= 359.999) return `M 0 ${-RADIUS} A ${RADIUS} ${RADIUS} 0 1 1 0 ${RADIUS} A ${RADIUS} ${RADIUS} 0 1 1 0 ${-RADIUS} Z`;
  const [x1, y1] = point(start, RADIUS);
  const [x2, y2] = point(end, RADIUS);
  const large = end - start > 180 ? 1 : 0;
  return `M 0 0 L ${x1.toFixed(3)} ${y1.toFixed(3)} A ${RADIUS} ${RADIUS} 0 ${large} 1 ${x2.toFixed(3)} ${y2.toFixed(3)} Z`;
}

/** A label short enough to sit along a slice. */
function wheelLabel(label: string): string {
  return label.length > 17 ? `${label.slice(0, 16).trimEnd()}…` : label;
}

/** Each slice's colour class: in turn, never the same as its neighbours (the last one also touches the first). */
function fills(count: number): string[] {
  return Array.from({ length: count }, (_, index) => {
    if (index === count - 1 && count > 2 && index % 2 === 0) return FILLS[2];
    return FILLS[index % 2]!;
  });
}

export function Wheel({
  segments,
  rotation,
  animate,
  onStopped,
}: {
  segments: readonly WheelSegment[];
  rotation: number;
  animate: boolean;
  onStopped?: () => void;
}) {
  const colours = fills(segments.length);
  return (
    <svg className="spin-wheel" viewBox="-110 -118 220 228" aria-hidden="true" focusable="false" data-testid="spin-wheel">
      <g
        className={`spin-wheel__disc${animate ? ' spin-wheel__disc--turning' : ''}`}
        style={{ transform: `rotate(${rotation}deg)` }}
        data-rotation={rotation}
        onTransitionEnd={(event) => {
          if (event.target === event.currentTarget) onStopped?.();
        }}
      >
        {segments.map((segment, index) => {
          const middle = (segment.start + segment.end) / 2;
          // A label needs about 18° of arc; a narrower slice is named in the prize list only.
          const wide = segment.end - segment.start >= 18;
          // Labels on the left half are turned over, so none reads upside down.
          const left = middle > 180;
          return (
            <g key={segment.id} data-prize={segment.id}>
              <path d={slicePath(segment.start, segment.end)} className={`spin-wheel__slice ${colours[index]}`} />
              {wide && (
                <text
                  className={`spin-wheel__label ${colours[index]}`}
                  transform={
                    left
                      ? `rotate(${(middle + 90).toFixed(3)}) translate(${-(RADIUS - 8)} 0)`
                      : `rotate(${(middle - 90).toFixed(3)}) translate(${RADIUS - 8} 0)`
                  }
                  textAnchor={left ? 'start' : 'end'}
                  dominantBaseline="central"
                >
                  {wheelLabel(segment.label)}
                </text>
              )}
            </g>
          );
        })}
        <circle r="14" className="spin-wheel__hub" />
      </g>
      <path d="M -9 -116 L 9 -116 L 0 -96 Z" className="spin-wheel__pointer" />
    </svg>
  );
}
