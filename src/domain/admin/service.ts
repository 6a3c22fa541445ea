// Shop administration rules (issue 4; seed 000 §2-§9, seed 001 §5): the store's own fields, headers, carousel
// slides, banners and catalogues. Every call takes the shop and the viewer explicitly and checks that the
// viewer administers the shop (owner or 'admin' permission). The page cache drops the shop by itself: every
// write here updates the shops row, a banner or a catalogue, whose triggers notify shop_events.
// One entry point for the pages and the API; each area lives in its own file.
export * from './context.ts';
export * from './store-admin.ts';
export * from './headers-admin.ts';
export * from './slides-admin.ts';
export * from './banners-admin.ts';
export * from './catalogues-admin.ts';
