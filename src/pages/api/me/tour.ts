// /api/me/tour (issue 14; seed 001 §7 'setup apps' show_tour): the admin tour's 'Always show this tutorial'.
import { setTour, tourState } from '../../../domain/people/tour.ts';
import { tourPatch, tourSchema } from '../../../domain/people/schema.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/me/tour', tags: ['auth'], auth: 'user',
    summary: 'The admin tour setting: show_tour (always show) and whether the first-visit tour was dismissed', response: tourSchema, errors: [401],
  }),
  defineEndpoint({
    method: 'PATCH', path: '/api/me/tour', tags: ['auth'], auth: 'user',
    summary: 'Dismiss the tour, keeping it for every visit when show_tour is true', body: tourPatch, response: tourSchema, errors: [400, 401],
  }),
] as const;

const userId = (v: App.Locals['viewer']) => { if (v.kind !== 'user') throw new Error('unreachable: auth user'); return v.user.id; };

export const GET = handle(specs[0], async ({ ctx }) => tourState(ctx.locals.db, userId(ctx.locals.viewer)));
export const PATCH = handle(specs[1], async ({ ctx, body }) => setTour(ctx.locals.db, userId(ctx.locals.viewer), body.show_tour));
