/** Text written into CSS (a style attribute or block): the one writer of a configured value as a url(). Pure. */

/**
 * `value` as one CSS url() with a double-quoted string: quotes, parentheses and backslashes
 * escaped with a backslash, control characters (new lines among them) by their hex code, so no
 * value ends the string, the url() or the declaration it stands in.
 */
export function cssUrl(value: string): string {
  const escaped = value.replace(/["'()\\]/g, (char) => `\\${char}`).replace(/[\u0000-\u001f\u007f]/g, (char) => `\\${char.charCodeAt(0).toString(16)} `);
  return `url("${escaped}")`;
}
