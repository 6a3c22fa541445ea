// OpenAPI 3.1 from the endpoint specs (zod 4 emits JSON Schema draft 2020-12, which OpenAPI 3.1 uses). Checked by
// Redocly lint (recommended rules) in tests/integration/openapi-lint.test.ts: every operation has an operationId,
// its security and the error answers it can give, all of one shared `Error` schema.
import { z } from 'zod';
import type { EndpointSpec } from './endpoint.ts';

const errorSchema = z.object({
  error: z.object({
    code: z.string().describe('Stable machine-readable code, e.g. validation_error, not_found, rate_limited'),
    message: z.string().describe("Human-readable message in the request's language"),
    fields: z.record(z.string(), z.array(z.string())).optional().describe('Per-field messages of a validation_error'),
  }),
});
const toSchema = (s: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'draft-2020-12' });

/** The shared error answers, by status; each refers to components.schemas.Error. */
const ERROR_RESPONSES: Record<number, [name: string, description: string]> = {
  400: ['BadRequest', 'The input is not valid (validation_error with per-field messages, or a malformed request)'],
  401: ['Unauthorized', 'Sign in first (no valid session), or a webhook signature that does not verify'],
  402: ['PaymentRequired', 'The payment was declined'],
  403: ['Forbidden', 'Signed in, but not allowed to do this'],
  404: ['NotFound', 'Not found, or not visible to the caller'],
  409: ['Conflict', 'The current state does not allow this (already done, out of stock, taken)'],
  410: ['Gone', 'Expired (e.g. the checkout countdown ran out)'],
  413: ['PayloadTooLarge', 'The body is larger than the limit'],
  415: ['UnsupportedMediaType', 'Send the body as application/json (or application/x-www-form-urlencoded)'],
  429: ['TooManyRequests', 'Too many attempts; try again later'],
  503: ['ServiceUnavailable', 'A required service is not configured or not reachable'],
};

/** What each tag groups (a tag not listed here gets no description). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  admin: "A shop's administration (its admins and collaborators)",
  auth: 'Sign-up, sign-in (password or e-mailed PIN) and sign-out',
  blogs: "Shops' blog entries",
  cart: 'The shopping cart, shared carts and merging a guest cart on sign-in',
  catalog: "A shop's products, catalogues and items",
  checkout: 'Checkout: reservation countdown, contact, delivery, saved addresses',
  contact: "Messages to a shop's owners",
  franchise: "Packing a franchise order's boxes (supplier)",
  health: 'Process health for load balancers and process managers',
  marketing: 'Campaigns, their channels and sharing',
  orders: "Orders of buyers and guests: detail, history, invoices, tracking",
  payments: 'Payment methods, card tokens, payments and provider webhooks',
  plans: 'Platform plans and subscriptions',
  preferences: "The visitor's language and theme",
  promoted: 'People a user promoted or referred, and the profiles they follow',
  returns: 'Return requests, notes, refunds and return policies',
  reviews: 'Product reviews, photos and answers',
  search: "Searching a shop's catalogue",
  shops: 'Shops: the list, public data and their advisor',
  stores: 'Opening a store: becoming an entrepreneur, new shops, slug checks',
  supplier: "Suppliers' products, stock, orders and branches",
  themes: "A shop's theme: draft, preview, publish; the visitor's theme",
  tickets: 'Experience tickets and attendants',
  wallet: 'Wallets: balances, ledger entries and payouts',
  jobs: "Background jobs: each one's last run, failures and next run, and the operator's retry",
};

const pascal = (s: string) => s.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');

/** A stable operationId from the method and path: GET /api/shops/{slug}/items/{id} -> getShopsBySlugItemsById. */
export function operationIdOf(spec: Pick<EndpointSpec, 'method' | 'path' | 'operationId'>): string {
  if (spec.operationId) return spec.operationId;
  const words = spec.path.replace(/^\/api\//, '').replace(/\{(\w+)\}/g, ' by $1 ');
  return spec.method.toLowerCase() + pascal(words);
}

/** Who may call: the session cookie (required or optional), a webhook signature, or nobody in particular. */
function securityOf(spec: EndpointSpec) {
  switch (spec.auth) {
    case 'user': return [{ session: [] }];
    case 'none': return [];
    case 'signature': return [{ webhookSignature: [] }];
    // Works anonymously and uses the session when there is one (a guest's checkout or a signed-in buyer's).
    default: return [{}, { session: [] }];
  }
}

function errorCodes(spec: EndpointSpec): number[] {
  const codes = new Set(spec.errors ?? []);
  // Every operation refuses bad input (NUL bytes or malformed escapes in the address or cookies) with a 400.
  codes.add(400);
  if (spec.auth === 'user') codes.add(401);
  // The body is read with a size limit and only as JSON or a form (src/lib/server/endpoint.ts readBody).
  if (spec.body) { codes.add(413); codes.add(415); }
  return [...codes].sort((a, b) => a - b);
}

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
  const ids = new Map<string, string>();
  const used = new Set<number>();
  for (const spec of [...specs].sort((a, b) => a.path.localeCompare(b.path))) {
    const operationId = operationIdOf(spec);
    const clash = ids.get(operationId);
    if (clash) throw new Error(`operationId ${operationId} of ${spec.method} ${spec.path} is also ${clash}'s`);
    ids.set(operationId, `${spec.method} ${spec.path}`);
    const responses: Record<string, unknown> = {
      [String(spec.status ?? 200)]: { description: 'OK', content: { 'application/json': { schema: toSchema(spec.response, 'output') } } },
    };
    for (const code of errorCodes(spec)) {
      const known = ERROR_RESPONSES[code];
      if (!known) throw new Error(`${spec.method} ${spec.path}: no shared response for ${code}`);
      used.add(code);
      responses[String(code)] = { $ref: `#/components/responses/${known[0]}` };
    }
    (paths[spec.path] ??= {})[spec.method.toLowerCase()] = {
      operationId,
      summary: spec.summary,
      tags: spec.tags,
      parameters: parameters(spec),
      ...(spec.body ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(spec.body, 'input') } } } } : {}),
      responses,
      security: securityOf(spec),
    };
  }
  const responses = Object.fromEntries([...used].sort((a, b) => a - b).map((code) => {
    const [name, description] = ERROR_RESPONSES[code]!;
    return [name, { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }];
  }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tiendas platform API',
      version: '0.1.0',
      description: 'JSON API of the platform and its shops. Errors answer `{ error: { code, message, fields? } }` with a stable `code` '
        + "and a message in the request's language. Signed-in calls carry the `sid` session cookie set by /api/auth/login.",
    },
    // Relative: the document describes the host that serves it (the platform host or a shop's own domain).
    servers: [{ url: '/', description: 'The host serving this document' }],
    tags: [...new Set(specs.flatMap((s) => s.tags))].sort().map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}) })),
    components: {
      schemas: { Error: toSchema(errorSchema, 'output') },
      responses,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'The session cookie set by /api/auth/login or /api/auth/signup' },
        webhookSignature: { type: 'apiKey', in: 'header', name: 'x-signature', description: 'Provider webhooks: "t=<unix time>,v1=<hex HMAC-SHA256 of t.body>"' },
      },
    },
    paths,
  };
}
