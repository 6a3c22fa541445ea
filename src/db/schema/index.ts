export * from './accounts.ts';
export * from './shops.ts';
export * from './catalog.ts';
export * from './media.ts';
export * from "./admin.ts";
export * from "./commerce.ts";
export * from "./blog.ts";
