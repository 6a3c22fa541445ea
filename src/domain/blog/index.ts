// The blog area's public face for other layers and areas (.dependency-cruiser.cjs `domain-area-public-api`).
export { sanitizeBlogHtml } from './sanitize.ts';
