// OpenAPI 3.1 from the endpoint specs (zod 4 emits JSON Schema draft 2020-12, which OpenAPI 3.1 uses).
import { z } from 'zod';
import type { EndpointSpec } from './endpoint.ts';

const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.array(z.string())).optional() }) });
const toSchema = (s: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'draft-2020-12' });

function parameters(spec: EndpointSpec) {
  const out: unknown[] = [];
  for (const [where, schema] of [['path', spec.params], ['query', spec.query]] as const) {
    if (!schema) continue;
    const js = toSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, s] of Object.entries(js.properties ?? {})) {
      out.push({ name, in: where, required: where === 'path' || (js.required ?? []).includes(name), schema: s });
    }
  }
  return out;
}

export function openApiDocument(specs: EndpointSpec[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of [...specs].sort((a, b) => a.path.localeCompare(b.path))) {
    const responses: Record<string, unknown> = {
      [String(spec.status ?? 200)]: { description: 'OK', content: { 'application/json': { schema: toSchema(spec.response, 'output') } } },
    };
    for (const code of new Set([...(spec.errors ?? []), ...(spec.auth === 'user' ? [401] : [])])) {
      responses[String(code)] = { description: 'Error', content: { 'application/json': { schema: toSchema(errorSchema, 'output') } } };
    }
    (paths[spec.path] ??= {})[spec.method.toLowerCase()] = {
      summary: spec.summary,
      tags: spec.tags,
      parameters: parameters(spec),
      ...(spec.body ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(spec.body, 'input') } } } } : {}),
      responses,
      ...(spec.auth === 'user' ? { security: [{ session: [] }] } : {}),
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Tiendas platform API', version: '0.1.0' },
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    paths,
  };
}
