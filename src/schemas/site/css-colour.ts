/**
 * What a site.json colour may be (theme): a form a browser draws as written, each component in
 * its range. Anything else (a misspelt name, a hex of the wrong length, rgb() out of range)
 * would give a CSS custom property the browser drops, so it is refused when the site is read.
 */

/** The CSS named colours (CSS Color Module Level 4), plus transparent. */
const NAMED_COLOURS = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood cadetblue chartreuse chocolate ' +
    'coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen ' +
    'darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue ' +
    'dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew ' +
    'hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray ' +
    'lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen ' +
    'linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise ' +
    'mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod ' +
    'palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown ' +
    'salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato ' +
    'turquoise violet wheat white whitesmoke yellow yellowgreen transparent'
  ).split(' '),
);

/** '42', '42.5%', '.8' or '350deg' as its value and unit ('' for none). */
function amount(text: string): { value: number; unit: string } | undefined {
  const match = /^(\d+(?:\.\d+)?|\.\d+)(%|deg)?$/.exec(text);
  return match ? { value: Number(match[1]), unit: match[2] ?? '' } : undefined;
}

/** An amount whose unit is one of `units`, each with its maximum. */
const within = (text: string, units: Record<string, number>) => {
  const found = amount(text);
  return found !== undefined && found.unit in units && found.value <= units[found.unit]!;
};
const CHANNEL = { '': 255, '%': 100 };
const ALPHA = { '': 1, '%': 100 };
const HUE = { '': 360, deg: 360 };
const PERCENT = { '%': 100 };

/** The components of rgb()/hsl() in either syntax: 'r, g, b[, a]' or 'r g b[ / a]'. */
function components(inner: string): { main: string[]; alpha?: string } | undefined {
  if (inner.includes(',')) {
    const parts = inner.split(',').map((part) => part.trim());
    return parts.length === 3 || parts.length === 4 ? { main: parts.slice(0, 3), alpha: parts[3] } : undefined;
  }
  const [main = '', alpha, ...more] = inner.split('/').map((part) => part.trim());
  const parts = main.split(/\s+/);
  return parts.length === 3 && more.length === 0 ? { main: parts, alpha } : undefined;
}

/** rgb()/rgba() with channels 0-255 or 0-100%, hsl()/hsla() with a hue of 0-360 and 0-100% saturation and lightness; alpha 0-1 or 0-100%. */
function isColourFunction(text: string): boolean {
  const match = /^(rgba?|hsla?)\(([^()]*)\)$/i.exec(text);
  const parts = match ? components(match[2]!.trim()) : undefined;
  if (!match || !parts || (parts.alpha !== undefined && !within(parts.alpha, ALPHA))) return false;
  const [first, second, third] = parts.main as [string, string, string];
  if (match[1]!.toLowerCase().startsWith('rgb')) return [first, second, third].every((channel) => within(channel, CHANNEL));
  return within(first, HUE) && within(second, PERCENT) && within(third, PERCENT);
}

/** Whether a text is a CSS colour: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba(), hsl()/hsla() or a CSS colour name. */
export function isCssColour(text: string): boolean {
  return /^#(?:[\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i.test(text) || NAMED_COLOURS.has(text.toLowerCase()) || isColourFunction(text);
}
