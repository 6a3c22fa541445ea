// Bad input over HTTP against the demo server. A sweep over every operation of /api/openapi.json, anonymous and
// signed in as a shop admin: NUL bytes in path, query and every string field of the body, wrong types, malformed
// JSON, malformed %-escapes, an oversize body and unsupported methods must all answer a 4xx with the JSON error
// shape, never a 5xx and never a success. Then the cases behind it: a chunked 200 MB body cut at the limit,
// 405 with Allow, impossible dates, pictures with absurd dimensions, and pages with %00 and %ZZ.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { Client } from '../support/http.ts';
import { demoPicks, readyCheckoutHttp, signUp } from './checkout.fixtures.ts';

type Schema = { [k: string]: any };
interface Param { name: string; in: 'path' | 'query'; required: boolean; schema: Schema }
interface Operation { path: string; method: string; parameters: Param[]; body?: Schema }
interface Answer { status: number; headers: http.IncomingHttpHeaders; text: string }

const SHOP = 'demo-03';
const NUL = 'a\u0000b';
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** One raw request with the client's cookies; never throws (status 0 when there was no answer in time). */
function send(c: Client, method: string, path: string, opts: { body?: string | Buffer; type?: string; headers?: Record<string, string>; cookie?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...c.defaults, ...opts.headers };
  const cookies = [...[...c.jar].map(([k, v]) => `${k}=${v}`), ...(opts.cookie ? [opts.cookie] : [])];
  if (cookies.length) headers.cookie = cookies.join('; ');
  if (opts.body !== undefined) {
    headers['content-type'] ??= opts.type ?? 'application/json';
    headers['content-length'] = String(Buffer.byteLength(opts.body));
  }
  return new Promise((resolve) => {
    // The path goes out exactly as written (%00, %ZZ and all): no URL object re-encodes it.
    const req = http.request({ host: new URL(c.base).hostname, port: new URL(c.base).port, method, path, headers, timeout: 20_000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('timeout', () => { req.destroy(); resolve({ status: 0, headers: {}, text: 'no answer in 20 s' }); });
    req.on('error', (e) => resolve({ status: 0, headers: {}, text: String(e) }));
    req.end(opts.body);
  });
}

/** What is wrong with the answer to a bad request (null when it is a 4xx in the JSON error shape). */
function problem(a: Answer, expected?: number | number[]): string | null {
  if (a.status === 0) return a.text;
  if (a.status >= 500) return `${a.status} ${a.text.slice(0, 160)}`;
  if (a.status < 400) return `accepted with ${a.status}`;
  if (!/^application\/json/.test(String(a.headers['content-type'] ?? ''))) return `${a.status} answered as ${a.headers['content-type'] ?? 'no content type'}: ${a.text.slice(0, 80)}`;
  let body: any;
  try { body = JSON.parse(a.text); } catch { return `${a.status} with a body that is not JSON`; }
  if (typeof body?.error?.code !== 'string' || typeof body?.error?.message !== 'string') return `${a.status} without {error: {code, message}}: ${a.text.slice(0, 120)}`;
  const allowed = expected === undefined ? null : [expected].flat();
  if (allowed && !allowed.includes(a.status)) return `${a.status} (${body.error.code}) instead of ${allowed.join(' or ')}`;
  return null;
}

// ---------- sample values from the operation's JSON Schema ----------

const EXAMPLES = () => [randomUUID(), SHOP, '2030-01-15', 'bad-input@example.com', '123456', '12345', 'ABCD123456XYZ', '1234', '+52', 'abc',
  `/media/${randomUUID()}.jpg`, 'x'];

function resolve(s: Schema, root: Schema): Schema {
  let out = s;
  for (let i = 0; out?.$ref && i < 10; i++) {
    out = String(out.$ref).replace(/^#\//, '').split('/').reduce((o: any, k) => o?.[k], root) ?? {};
  }
  return out ?? {};
}

function firstType(s: Schema): string | undefined {
  if (Array.isArray(s.type)) return s.type.find((t: string) => t !== 'null');
  return s.type;
}

/** A value the schema accepts as far as its shape goes (every declared property included). */
function sample(schema: Schema, root: Schema, name = '', depth = 0): unknown {
  const s = resolve(schema, root);
  if (depth > 8) return null;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const options = s.anyOf ?? s.oneOf;
  if (Array.isArray(options)) {
    const pick = options.find((o: Schema) => resolve(o, root).type !== 'null') ?? options[0];
    return sample(pick, root, name, depth + 1);
  }
  if (Array.isArray(s.allOf)) return sample(Object.assign({}, ...s.allOf.map((o: Schema) => resolve(o, root))), root, name, depth + 1);
  switch (firstType(s) ?? (s.properties ? 'object' : undefined)) {
    case 'string': {
      if (s.format === 'uuid') return randomUUID();
      if (s.format === 'email') return 'bad-input@example.com';
      const fits = (v: string) => (!s.pattern || new RegExp(s.pattern, 'u').test(v)) && v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity);
      const known = name === 'slug' ? [SHOP] : /id$/i.test(name) ? [randomUUID()] : [];
      return [...known, ...EXAMPLES()].find(fits) ?? 'x'.repeat(Math.max(1, s.minLength ?? 1));
    }
    case 'integer': case 'number': return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case 'boolean': return false;
    case 'null': return null;
    case 'array': {
      if (s.maxItems === 0) return [];
      const n = Math.max(1, s.minItems ?? 0);
      return Array.from({ length: n }, () => sample(s.items ?? {}, root, name, depth + 1));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries<Schema>(s.properties ?? {})) out[k] = sample(v, root, k, depth + 1);
      return out;
    }
    default: return undefined;
  }
}

/** The paths (['a', '0', 'b']) of every string in a value. */
function stringPaths(v: unknown, path: string[] = []): string[][] {
  if (typeof v === 'string') return [path];
  if (Array.isArray(v)) return v.flatMap((x, i) => stringPaths(x, [...path, String(i)]));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => stringPaths(x, [...path, k]));
  return [];
}

function withValue(v: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(v) as any;
  if (!path.length) return value;
  let at = copy;
  for (const k of path.slice(0, -1)) at = at[k];
  at[path.at(-1)!] = value;
  return copy;
}

/** A value of another type than the one the schema wants (undefined when it takes anything). */
function wrongType(schema: Schema, root: Schema): unknown {
  const s = resolve(schema, root);
  const types = new Set<string>([...(Array.isArray(s.type) ? s.type : s.type ? [s.type] : []),
    ...((s.anyOf ?? s.oneOf ?? []) as Schema[]).flatMap((o) => [resolve(o, root).type].flat().filter(Boolean))]);
  if (Array.isArray(s.enum) || 'const' in s) return 12345;
  if (!types.size) return undefined;
  if (!types.has('object')) return { not: 'this' };
  if (!types.has('array')) return ['not', 'this'];
  if (!types.has('number') && !types.has('integer')) return 12345;
  return undefined;
}

/** A path or query value the parameter's schema refuses, other than a NUL (undefined when any string fits). */
function wrongParam(schema: Schema): string | undefined {
  if (Array.isArray(schema.enum)) return 'not-one-of-them';
  if (schema.type === 'integer' || schema.type === 'number') return 'abc';
  if (schema.format === 'uuid' || schema.pattern) return 'not!valid';
  if (schema.maxLength !== undefined) return 'x'.repeat(schema.maxLength + 1);
  return undefined;
}

// ---------- the operations ----------

const operations: Operation[] = [];
const methodsByPath = new Map<string, string[]>();
beforeAll(async () => {
  const doc = await (await fetch(new URL('/api/openapi.json', inject('baseUrl')))).json();
  for (const [path, ops] of Object.entries<Record<string, any>>(doc.paths)) {
    methodsByPath.set(path, Object.keys(ops).map((m) => m.toUpperCase()));
    for (const [method, op] of Object.entries<any>(ops)) {
      operations.push({ path, method: method.toUpperCase(), parameters: op.parameters ?? [], body: op.requestBody?.content?.['application/json']?.schema });
    }
  }
});

function address(op: Operation, values: Record<string, string> = {}, query: Record<string, string> = {}): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name in values) return values[name]!;
    const p = op.parameters.find((x) => x.in === 'path' && x.name === name);
    return encodeURIComponent(String(sample(p?.schema ?? { type: 'string' }, p?.schema ?? {}, name)));
  });
  const q = new URLSearchParams();
  for (const p of op.parameters.filter((x) => x.in === 'query' && x.required)) q.set(p.name, String(sample(p.schema, p.schema, p.name)));
  const qs = [q.toString(), ...Object.entries(query).map(([k, v]) => `${k}=${v}`)].filter(Boolean).join('&');
  return qs ? `${path}?${qs}` : path;
}

interface Case { name: string; method: string; path: string; body?: string; type?: string; cookie?: string; expected?: number | number[] }

/** Every bad request the sweep sends for one operation. */
function casesOf(op: Operation): Case[] {
  const cases: Case[] = [];
  const add = (name: string, c: Omit<Case, 'name' | 'method'> & { method?: string }) => cases.push({ name, method: op.method, ...c });
  const bodyText = op.body ? JSON.stringify(sample(op.body, op.body) ?? {}) : undefined;
  const withBody = (path: string) => ({ path, body: bodyText });
  const enc = (v: string) => encodeURIComponent(v);
  for (const p of op.parameters) {
    if (p.in === 'path') {
      add(`NUL in path {${p.name}}`, { ...withBody(address(op, { [p.name]: enc(NUL) })), expected: 400 });
      add(`malformed %-escape in path {${p.name}}`, { ...withBody(address(op, { [p.name]: '%E0%A4%A' })), expected: 400 });
      const wrong = wrongParam(p.schema);
      if (wrong !== undefined) add(`wrong path {${p.name}}=${wrong.slice(0, 12)}`, withBody(address(op, { [p.name]: enc(wrong) })));
    } else {
      add(`NUL in query ${p.name}`, { ...withBody(address(op, {}, { [p.name]: enc(NUL) })), expected: 400 });
      const wrong = wrongParam(p.schema);
      if (wrong !== undefined) add(`wrong query ${p.name}=${wrong.slice(0, 12)}`, withBody(address(op, {}, { [p.name]: enc(wrong) })));
    }
  }
  add('NUL in an undeclared query parameter', { ...withBody(address(op, {}, { zz: '%00' })), expected: 400 });
  add('malformed %-escape in the query', { ...withBody(address(op, {}, { q: '%' })), expected: 400 });
  // Cookie values reach SQL too (the tracking cookies at checkout).
  add('NUL in a cookie', { ...withBody(address(op)), cookie: 'referral=a%00b', expected: 400 });
  if (op.body) {
    const path = address(op);
    const base = JSON.parse(bodyText!);
    add('malformed JSON', { path, body: '{"a":' });
    for (const raw of ['[1,2]', '"text"', '42', 'null']) add(`a body that is ${raw}`, { path, body: raw });
    add('NUL in a key', { path, body: JSON.stringify({ ...(base && typeof base === 'object' ? base : {}), [NUL]: 'x' }) });
    for (const at of stringPaths(base)) add(`NUL in body ${at.join('.') || '(the body)'}`, { path, body: JSON.stringify(withValue(base, at, NUL)) });
    // A lone surrogate, written as a JSON escape (JSON.stringify would write it so too).
    const first = stringPaths(base)[0];
    if (first) add(`unpaired surrogate in body ${first.join('.')}`, { path, body: JSON.stringify(withValue(base, first, 'PLACEHOLDER')).replace('PLACEHOLDER', 'a\\ud800b') });
    const props = resolve(op.body, op.body).properties as Record<string, Schema> | undefined;
    const wrong = Object.fromEntries(Object.entries(props ?? {}).map(([k, s]) => [k, wrongType(s, op.body!)]).filter(([, v]) => v !== undefined));
    if (Object.keys(wrong).length) add('every field of the wrong type', { path, body: JSON.stringify({ ...base, ...wrong }) });
    // 413, unless who may call it is checked first (401, 403, or 404 for what the caller may not see).
    add('an oversize body', { path, body: JSON.stringify({ ...base, pad: 'x'.repeat(1_100_000) }), expected: [413, 401, 403, 404] });
    add('urlencoded body with a NUL', { path, body: `${encodeURIComponent(Object.keys(props ?? { a: 1 })[0] ?? 'a')}=a%00b`, type: 'application/x-www-form-urlencoded' });
  }
  return cases;
}

let sent = 0;
async function sweep(c: Client, who: string): Promise<string[]> {
  const failures: string[] = [];
  const jobs: Array<() => Promise<void>> = [];
  for (const op of operations) {
    for (const k of casesOf(op)) {
      jobs.push(async () => {
        const a = await send(c, k.method, k.path, { cookie: k.cookie, ...(k.body === undefined ? {} : { body: k.body, type: k.type }) });
        sent++;
        const p = problem(a, k.expected);
        if (p) failures.push(`${who} ${op.method} ${op.path} — ${k.name}: ${p}`);
      });
    }
  }
  for (const [path, allowed] of methodsByPath) {
    const op = operations.find((o) => o.path === path)!;
    for (const method of METHODS.filter((m) => !allowed.includes(m))) {
      jobs.push(async () => {
        const a = await send(c, method, address(op), method === 'GET' ? {} : { body: '{}' });
        const p = problem(a, 405);
        const allow = String(a.headers.allow ?? '').split(/,\s*/).filter((m) => m !== 'HEAD');
        if (p) failures.push(`${who} ${method} ${path} (unsupported): ${p}`);
        else if ([...allow].sort().join() !== [...allowed].sort().join()) failures.push(`${who} ${method} ${path}: Allow "${a.headers.allow}" instead of ${allowed.join(', ')}`);
      });
    }
  }
  // A few at a time: quick enough, and gentle with a loaded machine.
  const queue = [...jobs];
  await Promise.all(Array.from({ length: 4 }, async () => { while (queue.length) await queue.shift()!(); }));
  return failures;
}

describe('bad-input sweep over every operation of /api/openapi.json', () => {
  it('finds operations to sweep', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it('answers every bad request from an anonymous visitor with a 4xx in the JSON error shape', async () => {
    const failures = await sweep(new Client(), 'anonymous');
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1500);
  }, 600_000);

  it('answers every bad request from a shop admin with a 4xx in the JSON error shape, and changes nothing', async () => {
    const admin = new Client();
    await admin.login('admin03@demo.test');
    const store = (await admin.get(`/api/shops/${SHOP}/admin/store`)).json();
    const failures = await sweep(admin, 'admin03');
    expect(failures).toEqual([]);
    // Still signed in (no bad request logged the admin out) and the store as it was.
    expect((await admin.get('/api/me')).json()).toMatchObject({ authenticated: true, user: { email: 'admin03@demo.test' } });
    expect((await admin.get(`/api/shops/${SHOP}/admin/store`)).json()).toEqual(store);
  }, 600_000);

  it('answers every bad request from a supplier with a 4xx in the JSON error shape', async () => {
    const supplier = new Client();
    await supplier.login('proveedor@demo.test');
    const failures = await sweep(supplier, 'proveedor');
    expect(failures).toEqual([]);
    expect((await supplier.get('/api/me')).json()).toMatchObject({ authenticated: true, user: { email: 'proveedor@demo.test' } });
  }, 600_000);
});

// ---------- the cases behind the sweep ----------

/**
 * POSTs a chunked body (no Content-Length) of `total` bytes pulled from a generator as the socket drains, and
 * stops pulling once the answer arrives: how much was pulled tells how much the server read before answering.
 */
function chunkedPost(path: string, type: string, total: number, c: Client = new Client()): Promise<{ status: number; text: string; pulled: number }> {
  function* body() {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    yield Buffer.from(type === 'application/json' ? '{"email":"' : 'email=');
    for (let sent = 0; sent < total; sent += chunk.length) yield chunk;
  }
  return new Promise((resolve, reject) => {
    const source = body();
    let pulled = 0;
    let answered = false;
    const url = new URL(path, c.base);
    const req = http.request(url, { method: 'POST', headers: { ...c.defaults, 'content-type': type } }, (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { text += d; });
      res.on('end', () => { resolve({ status: res.statusCode ?? 0, text, pulled }); req.destroy(); });
    });
    // The server may close the connection after answering: only an error before any answer is a failure.
    req.on('error', (e) => { if (!answered) setTimeout(() => { if (!answered) reject(e); }, 1000); });
    const pump = () => {
      while (!answered) {
        const next = source.next();
        if (next.done) { req.end(); return; }
        pulled += next.value.length;
        if (!req.write(next.value)) { req.once('drain', pump); return; }
      }
    };
    pump();
  });
}

describe('bodies are read with a limit', () => {
  const MB = 1024 * 1024;
  // The limit is 1 MB; socket buffers on both sides hold a few more. Reading the whole 200 MB is what failed.
  it('cuts a chunked 200 MB JSON body at the limit with 413', async () => {
    const r = await chunkedPost('/api/auth/login', 'application/json', 200 * MB);
    expect(r.status).toBe(413);
    expect(JSON.parse(r.text).error.code).toBe('payload_too_large');
    expect(r.pulled).toBeLessThan(40 * MB);
  });

  it('cuts a chunked 200 MB urlencoded body at the limit with 413', async () => {
    const r = await chunkedPost('/api/auth/login', 'application/x-www-form-urlencoded', 200 * MB);
    expect(r.status).toBe(413);
    expect(r.pulled).toBeLessThan(40 * MB);
  });

  it('cuts a chunked 200 MB form posted to a page at the limit', async () => {
    const r = await chunkedPost('/login', 'application/x-www-form-urlencoded', 200 * MB);
    expect(r.status).toBeLessThan(500);
    expect(r.pulled).toBeLessThan(40 * MB);
  });
});

describe('unsupported methods', () => {
  it('answer 405 with Allow and the JSON error shape', async () => {
    const c = new Client();
    for (const [method, path, allow] of [
      ['PUT', '/api/shops', 'GET, HEAD'], ['DELETE', '/api/openapi.json', 'GET, HEAD'], ['POST', `/api/shops/${SHOP}`, 'GET, HEAD'],
      ['GET', '/api/auth/login', 'POST'], ['PATCH', `/api/orders/${randomUUID()}/receipt`, 'GET, HEAD'],
    ] as const) {
      const a = await send(c, method, path, method === 'GET' ? {} : { body: '{}' });
      expect(problem(a, 405), `${method} ${path}`).toBeNull();
      expect(a.headers.allow, `${method} ${path}`).toBe(allow);
      expect(JSON.parse(a.text).error.code).toBe('method_not_allowed');
    }
  });
});

describe('dates', () => {
  const inDays = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);
  it('refuses a day that does not exist with 400, in a body and in a query', async () => {
    const supplier = new Client();
    await supplier.login('proveedor@demo.test');
    const buyer = new Client();
    await signUp(buyer);
    const product = demoPicks().textiles.at(-1)!;
    expect((await supplier.request('PUT', `/api/supplier/products/${product}/stock`, { body: { stock_on_hand: 10 } })).status).toBe(200);
    const ck = await readyCheckoutHttp(buyer, SHOP, [{ product_id: product, amount: 1 }]);
    const paid = await buyer.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'cash', token: ck.token });
    expect(paid.status, paid.text).toBe(200);
    const id = paid.json().order_id;
    for (const day of ['2030-02-31', '2031-02-29', '2030-04-31', '2030-13-01', '2030-00-10']) {
      const r = await supplier.post(`/api/supplier/orders/${id}/next`, { estimated_delivery_date: day, shipping_cost: 0 });
      expect(r.status, `${day}: ${r.text}`).toBe(400);
      expect(r.json().error.fields).toHaveProperty('estimated_delivery_date');
    }
    const confirmed = await supplier.post(`/api/supplier/orders/${id}/next`, { estimated_delivery_date: inDays(3), shipping_cost: 0 });
    expect(confirmed.status, confirmed.text).toBe(200);
    for (const q of ['start_date=2030-02-30', 'end_date=2029-02-29']) {
      const r = await supplier.get(`/api/supplier/orders?${q}`);
      expect(problem({ status: r.status, headers: r.headers, text: r.text }, 400), q).toBeNull();
      expect((await buyer.get(`/api/orders?${q}`)).status, q).toBe(400);
    }
  });
});

/** A PNG that is only a signature, an IHDR chunk claiming width x height, one empty IDAT and the end: a few bytes. */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4); crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; ihdr[9] = 2; // 8 bits, RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(16))), chunk('IEND', Buffer.alloc(0))]);
}

function uploadFile(c: Client, path: string, bytes: Buffer, name = 'foto.png', field = 'file'): Promise<Answer> {
  const boundary = `----bad${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
    bytes, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return send(c, 'POST', path, { body, type: `multipart/form-data; boundary=${boundary}` });
}

describe('pictures with absurd dimensions', () => {
  it('are refused at upload with 400, by shop admins and reviewers alike; a normal picture still goes in', async () => {
    const admin = new Client();
    await admin.login('admin03@demo.test');
    const reviewer = new Client();
    await reviewer.login('lucia.hernandez@demo.test');
    for (const [w, h] of [[30000, 30000], [65500, 65500], [9000, 100], [100, 9000], [7000, 7000]]) {
      const png = pngHeader(w, h);
      expect(png.length).toBeLessThan(200);
      for (const [c, path] of [[admin, `/api/shops/${SHOP}/admin/uploads`], [reviewer, '/api/reviews/photos']] as const) {
        const a = await uploadFile(c, path, png);
        expect(problem(a, 400), `${w}x${h} to ${path}`).toBeNull();
        expect(JSON.parse(a.text).error.code).toBe('image_too_large');
      }
    }
    const fine = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7' } }).png().toBuffer();
    expect((await uploadFile(admin, `/api/shops/${SHOP}/admin/uploads`, fine)).status).toBe(201);
  });
});

describe('pages with bad addresses', () => {
  it('answer the 400 page for a NUL byte or a malformed %-escape, in the path or the query', async () => {
    const c = new Client();
    for (const path of ['/demo-03/?referral=%00', `/${SHOP}/%ZZ`, `/${SHOP}/%00`, '/?q=%', `/${SHOP}/buscar?text=%00`, '/login?next=%E0%A4%A']) {
      const a = await send(c, 'GET', path, { headers: { 'accept-language': 'es' } });
      expect(a.status, path).toBe(400);
      expect(String(a.headers['content-type']), path).toMatch(/^text\/html/);
      expect(a.text, path).toContain('Solicitud no válida');
    }
    const en = await send(c, 'GET', `/${SHOP}/%ZZ`, { headers: { 'accept-language': 'en' } });
    expect(en.text).toContain('Bad request');
    // On a shop's own host too.
    const sub = await send(c, 'GET', '/?referral=%00', { headers: { host: `${SHOP}.localhost` } });
    expect(sub.status).toBe(400);
    // A forged cookie: the 400 page, and the answer clears it.
    const cookie = await send(c, 'GET', `/${SHOP}/`, { cookie: 'referral=a%00b' });
    expect(cookie.status).toBe(400);
    expect(cookie.text).toContain('Solicitud no válida');
    expect(cookie.headers['set-cookie']).toEqual(expect.arrayContaining([expect.stringMatching(/^referral=; Path=\/; Max-Age=0/)]));
  });
});
