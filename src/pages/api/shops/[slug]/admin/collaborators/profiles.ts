// /api/shops/{slug}/admin/collaborators/profiles (seed 001 §7): the permission profiles a collaborator may hold, in
// the request's language.
import { z } from 'zod';
import { permissionProfileSchema } from '../../../../../../domain/people/schema.ts';
import { defineEndpoint } from '../../../../../../lib/server/endpoint.ts';
import { SHOP_PERMISSIONS } from '../../../../../../lib/shared/constants.ts';
import { ADMIN_ERRORS, adminHandle, slugParams } from '../_shared.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/shops/{slug}/admin/collaborators/profiles', tags: ['admin'], auth: 'user',
  summary: 'The permissions a collaborator may hold, with their names and what each opens',
  params: slugParams, response: z.object({ results: z.array(permissionProfileSchema) }), errors: ADMIN_ERRORS,
});

export const GET = adminHandle(spec, async ({ ctx }) => {
  const t = ctx.locals.t;
  const text = { admin: ['collaborators.permAdmin', 'collaborators.permAdminHelp'], accountant: ['collaborators.permAccountant', 'collaborators.permAccountantHelp'], dispatcher: ['collaborators.permDispatcher', 'collaborators.permDispatcherHelp'], qrreader: ['collaborators.permQrreader', 'collaborators.permQrreaderHelp'] } as const;
  return { results: SHOP_PERMISSIONS.map((id) => ({ id, name: t(text[id][0]), description: t(text[id][1]) })) };
});
