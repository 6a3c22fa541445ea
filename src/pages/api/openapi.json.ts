import type { APIRoute } from 'astro';
import type { EndpointSpec } from '../../lib/server/endpoint.ts';
import { json } from '../../lib/server/http.ts';
import { openApiDocument } from '../../lib/server/openapi.ts';

// Every endpoint module under src/pages/api exports `spec` (or `specs`); nothing to register by hand.
const modules = import.meta.glob<{ spec?: EndpointSpec; specs?: EndpointSpec[] }>(['./**/*.ts', '!./openapi.json.ts'], { eager: true });
const specs = Object.values(modules).flatMap((m) => [...(m.spec ? [m.spec] : []), ...(m.specs ?? [])]);
const doc = openApiDocument(specs);

export const GET: APIRoute = () => json(doc, { headers: { 'cache-control': 'public, max-age=300' } });
