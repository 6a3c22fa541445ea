import type { APIRoute } from 'astro';
import { errorResponse } from '../../lib/server/http.ts';
import { AppError } from '../../lib/shared/errors.ts';

export const ALL: APIRoute = ({ url, locals }) => errorResponse(new AppError('not_found', `No endpoint at ${url.pathname}`), locals.t);
