/**
 * Dealer prose (a car's dealer comments, a spin hotspot's description, a lender's disclaimer)
 * often arrives as HTML pasted from a dealer system. It is reduced to its text once, where a
 * feed is read (src/schemas/car.ts): tags removed (script and style with their content), line
 * breaks and block ends kept as new lines, entities decoded once. Pages escape the text as
 * they escape every feed text, so what a shopper reads is the dealer's words, never markup.
 * The value is the text the feed's format gave (an XML feed's entities are already decoded by
 * then): it is read as HTML only when it holds an HTML tag, a comment or an entity. Server side
 * only: car.ts is not in a browser bundle (sanitize-html is not small).
 */
import sanitizeHtml from 'sanitize-html';

/** The HTML elements dealer systems write (formatting, and what an attacker would): `<friends>` in a dealer's text is words, not markup. */
const HTML_TAGS =
  'a|abbr|b|big|blockquote|body|br|button|center|code|dd|div|dl|dt|em|embed|font|form|h[1-6]|head|hr|html|i|iframe|img|input|li|link|meta|noscript|object|ol|option|p|pre|s|script|select|small|span|strike|strong|style|sub|sup|svg|table|tbody|td|textarea|th|thead|title|tr|u|ul';

/** Text holding an HTML tag, a comment or a whole entity is read as HTML; any other text (`a<b`, `R&D`) is returned as it is. */
const MARKUP = new RegExp(`<\\/?(?:${HTML_TAGS})(?=[\\s/>])|<!--|&(?:[a-z][a-z0-9]*|#\\d+|#x[0-9a-f]+);`, 'i');

/** A line break or the end of a block: a new line in the text (dealer comments show them, white-space: pre-line). */
const LINE_ENDS = /<br\s*\/?>|<\/(?:p|div|li|h[1-6]|tr)\s*>/gi;

/** No tag kept: sanitize-html keeps the text of the others and drops script, style, textarea, option and noscript with their content. */
const TEXT_ONLY: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };

/** The escapes sanitize-html writes in text (its output is HTML); undone in one pass, so nothing is decoded twice. */
const OUTPUT_ESCAPES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>' };

/** The text of a piece of dealer prose: markup reduced to its text, entities decoded once. */
export function proseText(text: string): string {
  if (!MARKUP.test(text)) return text;
  const html = sanitizeHtml(text.replace(LINE_ENDS, '\n'), TEXT_ONLY);
  return html
    .replace(/&(?:amp|lt|gt);/g, (escape) => OUTPUT_ESCAPES[escape]!)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
