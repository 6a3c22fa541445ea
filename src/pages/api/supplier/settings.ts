import { supplierSettingsInput, supplierSettingsView } from '../../../domain/suppliers/schema.ts';
import { getSettings, putSettings } from '../../../domain/suppliers/service.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/supplier/settings',
    summary: 'The supplier\'s settings: payment methods (with whether this server takes each one and its sandbox configuration), deposit account, fixed shipping, couriers, contact, invoicing; is_configured and what is missing before it can sell',
    tags: ['supplier'], auth: 'user', response: supplierSettingsView, errors: [401, 403],
  }),
  defineEndpoint({
    method: 'PUT', path: '/api/supplier/settings',
    summary: 'Replace the supplier\'s settings; is_configured is recomputed in the same transaction (at least one payment method this server takes, and a delivery way when it sells physical products)',
    tags: ['supplier'], auth: 'user', body: supplierSettingsInput, response: supplierSettingsView, errors: [400, 401, 403],
  }),
] as const;

export const GET = handle(specs[0], async ({ ctx }) => getSettings(ctx.locals.db, ctx.locals.viewer));
export const PUT = handle(specs[1], async ({ ctx, body }) => putSettings(ctx.locals.db, ctx.locals.viewer, body));
