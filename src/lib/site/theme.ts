/** Theme colours from site.json as CSS custom properties. */
import type { Theme } from '../../schemas/site/theme.ts';

const FONTS: Record<Theme['font'], string> = {
  system: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  serif: "Georgia, 'Times New Roman', serif",
  rounded: "ui-rounded, 'SF Pro Rounded', system-ui, sans-serif",
};

/**
 * The :root rule for a theme. Colours were validated by the schema's CSS-colour pattern,
 * which admits no ';', '{' or '<', so they cannot break out of the declaration.
 */
export function themeCss(theme: Theme): string {
  return `:root{--colour-primary:${theme.primary};--colour-on-primary:${theme.on_primary};--colour-accent:${theme.accent};--colour-background:${theme.background};--colour-text:${theme.text};--colour-surface:${theme.surface};--font-body:${FONTS[theme.font]}}`;
}
