/** site.json `theme`: brand colours and font (applied as CSS custom properties). */
import * as v from 'valibot';
import { cssColour } from './common.ts';

export const ThemeSchema = v.strictObject({
  /** Main brand colour (header, primary buttons). Default '#1d4ed8'. */
  primary: v.optional(cssColour, '#1d4ed8'),
  /** Text on the primary colour, and the keyboard focus ring there (header, menus). Default '#ffffff'. */
  on_primary: v.optional(cssColour, '#ffffff'),
  /** Accent colour (badges, price highlights, the keyboard focus ring on the page). Default '#b45309'. */
  accent: v.optional(cssColour, '#b45309'),
  /** Page background. Default '#ffffff'. */
  background: v.optional(cssColour, '#ffffff'),
  /** Body text. Default '#111827'. */
  text: v.optional(cssColour, '#111827'),
  /** Muted surface (cards, footer). Default '#f3f4f6'. */
  surface: v.optional(cssColour, '#f3f4f6'),
  /** Font stack keyword. Default 'system'. */
  font: v.optional(v.picklist(['system', 'serif', 'rounded']), 'system'),
});

export type Theme = v.InferOutput<typeof ThemeSchema>;
