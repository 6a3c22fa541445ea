// Module augmentation (this file is a module because of the export below, so it extends 'astro' instead of replacing it).
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, focus or click (src/directives/interaction.ts); 'idle': also when the browser is idle. */
    'client:interaction'?: boolean | 'idle';
  }
}
