// The API document (issue 16) as outside tools see it: Redocly lint with the recommended rules reports no error on
// the served /api/openapi.json, and TypeScript types generated from it by openapi-typescript type-check a small
// client (and refuse a wrong one, so the types are real, not `any`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const bin = (pkg: string, file: string) => path.join(ROOT, 'node_modules', pkg, file);
let dir = '';
let docFile = '';

function run(args: string[]) {
  const r = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8', timeout: 120_000, env: { ...process.env, NO_COLOR: '1', REDOCLY_TELEMETRY: 'off' } });
  return { status: r.status, out: `${r.stdout}\n${r.stderr}` };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
  docFile = path.join(dir, 'openapi.json');
  const r = await fetch(new URL('/api/openapi.json', inject('baseUrl')));
  expect(r.status).toBe(200);
  writeFileSync(docFile, await r.text());
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('/api/openapi.json under outside tools', () => {
  it('passes Redocly lint (recommended rules) with no error', () => {
    const r = run([bin('@redocly/cli', 'bin/cli.js'), 'lint', '--extends=recommended', '--format=json', '--max-problems=100000', docFile]);
    const report = JSON.parse(r.out.slice(r.out.indexOf('{'), r.out.lastIndexOf('}') + 1)) as {
      totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
    };
    const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
    expect(r.status).toBe(0);
    // The warnings left are ones this document cannot avoid: zod's `any` as an empty schema in an anyOf, no licence
    // for a private project, and /api/checkout/{id}/delivery beside /api/checkout/addresses/{id}. A missing
    // operationId, 4xx answer or tag description (warnings too) fails here.
    const ALLOWED = new Set(['no-illogical-composition-keywords', 'info-license', 'no-ambiguous-paths']);
    const warnings = report.problems.filter((p) => p.severity === 'warn' || p.severity === 'warning');
    expect(warnings.filter((p) => !ALLOWED.has(p.ruleId)).map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
  }, 120_000);

  it('every operation has a unique operationId, security and the shared error answers', async () => {
    const doc = await (await fetch(new URL('/api/openapi.json', inject('baseUrl')))).json();
    const ids: string[] = [];
    for (const [p, ops] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        ids.push(op.operationId);
        expect(Array.isArray(op.security), `${method} ${p} security`).toBe(true);
        expect(op.responses['400'], `${method} ${p} 400`).toEqual({ $ref: '#/components/responses/BadRequest' });
        if (op.security.length === 1 && op.security[0].session) expect(op.responses['401'], `${method} ${p} 401`).toBeDefined();
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/shops/{slug}'].get.operationId).toBe('getShopsBySlug');
    expect(doc.paths['/api/auth/login'].post.security).toEqual([]);
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'sid' });
    expect(doc.components.responses.NotFound.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    // The shared error schema is the shape an endpoint really answers with.
    const missing = await fetch(new URL('/api/shops/no-such-shop-here', inject('baseUrl')));
    expect(missing.status).toBe(404);
    const body = await missing.json();
    expect(Object.keys(body)).toEqual(['error']);
    expect(Object.keys(body.error).sort()).toEqual(expect.arrayContaining(['code', 'message']));
  });

  it('generates TypeScript types with openapi-typescript that a client type-checks against', () => {
    const gen = run([bin('openapi-typescript', 'bin/cli.js'), docFile, '--output', path.join(dir, 'api.d.ts')]);
    expect(gen.status, gen.out).toBe(0);
    const client = `import type { components, operations, paths } from './api';
type Login = paths['/api/auth/login']['post'];
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
export async function login(body: Json<Login['requestBody']>): Promise<Json<Login['responses'][200]>['user']> {
  const r = await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(((await r.json()) as components['schemas']['Error']).error.message);
  return ((await r.json()) as Json<Login['responses'][200]>).user;
}
export const signedIn = login({ email: 'a@example.com', password: 'secret' }).then((u) => u.email.toLowerCase());
export type Shop = Json<operations['getShopsBySlug']['responses'][200]>;
export const notFound: Json<operations['getShopsBySlug']['responses'][404]> = { error: { code: 'not_found', message: 'No' } };
`;
    writeFileSync(path.join(dir, 'client.ts'), client);
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', lib: ['es2022', 'dom'], skipLibCheck: false, types: [] }, files: ['client.ts'] }));
    const tsc = bin('typescript', 'bin/tsc');
    const ok = run([tsc, '-p', dir]);
    expect(ok.status, ok.out).toBe(0);
    // A wrong client does not type-check: the types say what a login needs and what an error holds.
    writeFileSync(path.join(dir, 'client.ts'), `${client}
export const noPassword: Json<Login['requestBody']> = { email: 'a@example.com' };
export const noCode: components['schemas']['Error'] = { error: { message: 'x' } };
`);
    const bad = run([tsc, '-p', dir]);
    expect(bad.status).not.toBe(0);
    expect(bad.out).toMatch(/client\.ts\(\d+,\d+\): error TS\d+: Property 'password' is missing/);
    expect(bad.out).toMatch(/client\.ts\(\d+,\d+\): error TS\d+: Property 'code' is missing/);
  }, 120_000);
});
