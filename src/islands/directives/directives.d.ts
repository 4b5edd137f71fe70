// Types of our own client directives (registered in astro.config.mjs).
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when the shopper starts to use the island (./interaction.ts); the value: a CSS selector that marks it live. */
    'client:interaction'?: boolean | string;
  }
}
