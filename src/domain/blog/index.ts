// The blog area's public face for other layers and areas (.dependency-cruiser.cjs `domain-area-public-api`).
export { sanitizeBlogHtml } from './sanitize.ts';
// Campaign pages (issue 26): whether a shop shows a page a campaign points at.
export { blogsEnabled, getAboutEntry, getBlogEntry } from './service.ts';
