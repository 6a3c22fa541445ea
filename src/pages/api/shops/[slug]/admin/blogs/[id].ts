import { z } from 'zod';
import { blogEntryPatchSchema, blogEntrySchema } from '../../../../../../domain/blog/schema.ts';
import { deleteBlogEntry, getBlogEntryForEdit, updateBlogEntry } from '../../../../../../domain/blog/service.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, idParams } from '../_shared.ts';

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/shops/{slug}/admin/blogs/{id}', summary: 'A blog entry, published or not, as the editor opens it (shop admins)',
    tags: ['admin', 'blogs'], auth: 'user', params: idParams, response: blogEntrySchema, errors: ADMIN_ERRORS,
  }),
  defineEndpoint({
    method: 'PATCH', path: '/api/shops/{slug}/admin/blogs/{id}',
    summary: 'Change a blog entry: any of title, content (+ content_json), tags, image, list_state (published | unpublished; draft means unpublished). The slug stays; a replaced cover or removed content images are deleted when unused (shop admins)',
    tags: ['admin', 'blogs'], auth: 'user', params: idParams, body: blogEntryPatchSchema, response: blogEntrySchema, errors: ADMIN_ERRORS,
  }),
  defineEndpoint({
    method: 'DELETE', path: '/api/shops/{slug}/admin/blogs/{id}', summary: 'Delete a blog entry and its unused images (shop admins)',
    tags: ['admin', 'blogs'], auth: 'user', params: idParams, response: z.object({ id: z.string(), deleted: z.literal(true) }), errors: ADMIN_ERRORS,
  }),
] as const;

export const GET = adminHandle(specs[0], async ({ params, a }) => getBlogEntryForEdit(a, params.id));
export const PATCH = adminHandle(specs[1], async ({ params, body, a }) => updateBlogEntry(a, params.id, body));
export const DELETE = adminHandle(specs[2], async ({ params, a }) => deleteBlogEntry(a, params.id));
