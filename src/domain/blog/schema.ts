// Blog shapes shared by the server and the editor island (seed 001 §2, §3, §5, §7). Imports only zod and shared
// constants (browser-safe): the same field schemas validate the editor's form and the API's requests.
import { z } from 'zod';
import {
  BLOG_ABSTRACT_MAX, BLOG_CONTENT_MAX, BLOG_LIST_PAGE_SIZE, BLOG_LIST_STATES, BLOG_TAG_MAX, BLOG_TAGS_MAX, BLOG_TITLE_MAX, PAGE_SIZE_MAX,
} from '../../lib/shared/constants.ts';
import { slugify } from '../../lib/shared/slug.ts';

export type BlogListState = (typeof BLOG_LIST_STATES)[number];

// ---------- rules ----------

/**
 * The abstract of an entry (seed 001 §3, §9): its plain text with runs of white space folded, cut to the first
 * 500 characters (code points, so an emoji is never split) plus an ellipsis when it is longer.
 */
export function blogAbstract(plainText: string): string {
  const text = plainText.replace(/\s+/g, ' ').trim();
  const chars = Array.from(text);
  if (chars.length <= BLOG_ABSTRACT_MAX) return text;
  return `${chars.slice(0, BLOG_ABSTRACT_MAX).join('').trimEnd()}…`;
}

/** An entry's slug from its title: lower case, accents folded, words joined by '-' ('entrada' when nothing is left). */
export function blogSlug(title: string): string {
  return slugify(title, 80, 'entrada');
}

/** Tags typed as one comma-separated text ('café, viajes') -> the list, trimmed, without empties or repeats. */
export function splitTags(text: string): string[] {
  return dedupeTags(text.split(','));
}

function dedupeTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.replace(/\s+/g, ' ').trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

// ---------- the editor's document (tiptap JSON) ----------

const attrValue = z.union([z.string().max(2048), z.number(), z.boolean(), z.null()]);
const attrs = z.record(z.string().max(40), attrValue);
export const blogMarkSchema = z.object({ type: z.string().max(40), attrs: attrs.optional() });

export const blogNodeSchema = z.object({
  type: z.string().max(40),
  attrs: attrs.optional(),
  text: z.string().max(BLOG_CONTENT_MAX).optional(),
  marks: z.array(blogMarkSchema).max(20).optional(),
  get content() { return z.array(blogNodeSchema).max(10_000).optional(); },
});
export type BlogDoc = z.infer<typeof blogNodeSchema>;

/** How deep a document may nest (lists in lists ...): checked without recursion before the schema runs. */
export const BLOG_DOC_MAX_DEPTH = 40;

function depthWithin(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (d > max) return false;
    if (Array.isArray(v)) for (const x of v) stack.push([x, d + 1]);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) stack.push([x, d + 1]);
  }
  return true;
}

/** A tiptap document: {type: 'doc', content: [...]}. The server keeps only known nodes, marks and safe links. */
export const blogDocSchema = z.unknown()
  .refine((v) => depthWithin(v, BLOG_DOC_MAX_DEPTH * 3), `nested more than ${BLOG_DOC_MAX_DEPTH} levels`)
  .pipe(blogNodeSchema.refine((n) => n.type === 'doc', 'validation.invalidFormat'));

// ---------- fields (the editor's form and the API) ----------

export const BLOG_TITLE_REQUIRED = 'validation.blogTitle';

export const blogTitleSchema = z.string({ error: BLOG_TITLE_REQUIRED }).trim().min(1, BLOG_TITLE_REQUIRED).max(BLOG_TITLE_MAX, 'validation.tooLong');
export const blogTagsSchema = z.array(z.string().max(BLOG_TAG_MAX, 'validation.tooLong'))
  .transform(dedupeTags)
  .pipe(z.array(z.string()).max(BLOG_TAGS_MAX, 'validation.tooMany'));
/** The cover image: an upload of the shop (POST /api/shops/{slug}/admin/uploads answers its /media address). */
export const blogImageSchema = z.union([z.string().max(300), z.null()])
  .transform((v) => (v ?? '').trim() || null)
  .pipe(z.string().regex(/^\/media\/[0-9a-f-]{36}\.(jpg|jpeg|png|svg)$/, 'validation.uploadedImage').nullable());
/** list_state; the source's list_status 'draft' is the unpublished state (seed 001 §3). */
export const blogListStateSchema = z.enum([...BLOG_LIST_STATES, 'draft'])
  .transform((s): BlogListState => (s === 'draft' ? 'unpublished' : s));
export const blogContentSchema = z.string().max(BLOG_CONTENT_MAX, 'validation.tooLong');

/** POST .../admin/blogs. `abstract` is not taken: the server derives it from the content (seed 001 §3). */
export const blogEntryInputSchema = z.object({
  title: blogTitleSchema,
  content: blogContentSchema.default(''),
  content_json: blogDocSchema.nullable().default(null),
  tags: blogTagsSchema.default([]),
  image: blogImageSchema.default(null),
  list_state: blogListStateSchema.default('unpublished'),
});
export type BlogEntryInput = z.output<typeof blogEntryInputSchema>;

/** PATCH .../admin/blogs/{id}: any of the fields; the slug stays. */
export const blogEntryPatchSchema = z.object({
  title: blogTitleSchema.optional(),
  content: blogContentSchema.optional(),
  content_json: blogDocSchema.nullable().optional(),
  tags: blogTagsSchema.optional(),
  image: blogImageSchema.optional(),
  list_state: blogListStateSchema.optional(),
});
export type BlogEntryPatch = z.output<typeof blogEntryPatchSchema>;

/** The editor's form fields: tags as one comma-separated text, the rest as the API takes them. */
export const blogFormSchema = (messages: { titleRequired: string; titleTooLong: string; tagsInvalid: string }) => z.object({
  title: z.string().trim().min(1, messages.titleRequired).max(BLOG_TITLE_MAX, messages.titleTooLong),
  tags: z.string().max(BLOG_TAGS_MAX * (BLOG_TAG_MAX + 2)).refine((t) => blogTagsSchema.safeParse(splitTags(t)).success, messages.tagsInvalid),
  image: z.string().nullable(),
  published: z.boolean(),
});
export type BlogForm = z.infer<ReturnType<typeof blogFormSchema>>;

// ---------- answers ----------

export const blogListQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(BLOG_LIST_PAGE_SIZE),
  /** Only the shop's admins see unpublished entries; for anyone else the list is the published ones. */
  list_state: z.enum(BLOG_LIST_STATES).optional(),
  tag: z.string().trim().max(BLOG_TAG_MAX).optional(),
});
export type BlogListQuery = z.output<typeof blogListQuery>;

/** A list item (seed 001 §3 Blog entry without the content): sorted -updated_at. */
export const blogSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  abstract: z.string(),
  tags: z.array(z.string()),
  list_state: z.enum(BLOG_LIST_STATES),
  image: z.string().nullable(),
  /** The cover and the images in the content. */
  images: z.array(z.string()),
  /** The author's profile id, its main_type, and its public name and photo (profileName, profilePhoto). */
  author: z.string().nullable(),
  main_type: z.string().nullable(),
  name: z.string().nullable(),
  profileName: z.string().nullable(),
  profilePhoto: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BlogSummary = z.infer<typeof blogSummarySchema>;

export const blogEntrySchema = blogSummarySchema.extend({
  /** Sanitised HTML. */
  content: z.string(),
  content_json: z.unknown().nullable(),
});
export type BlogEntry = Omit<z.infer<typeof blogEntrySchema>, 'content_json'> & { content_json: BlogDoc | null };

export const blogListSchema = z.object({ results: z.array(blogSummarySchema), matches_estimated: z.number().int() });
