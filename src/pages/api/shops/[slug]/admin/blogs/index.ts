import { blogEntryInputSchema, blogEntrySchema } from '../../../../../../domain/blog/schema.ts';
import { createBlogEntry } from '../../../../../../domain/blog/service.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, slugParams } from '../_shared.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/shops/{slug}/admin/blogs',
  summary: 'Create a blog entry: title required, at most 150 (fields.title); content is the editor\'s HTML (sanitised: no scripts, event handlers, javascript: links or frames) and content_json its document; tags; image (an upload); list_state unpublished by default (draft means unpublished). The slug comes from the title, unique in the shop; the abstract from the content (shop admins)',
  tags: ['admin', 'blogs'], auth: 'user', params: slugParams, body: blogEntryInputSchema, response: blogEntrySchema, status: 201, errors: [...ADMIN_ERRORS, 409],
});

export const POST = adminHandle(spec, async ({ body, a }) => createBlogEntry(a, body));
