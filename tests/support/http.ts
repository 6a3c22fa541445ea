// A tiny HTTP client for integration tests: raw node:http so the Host header can be set (fetch forbids it),
// with a cookie jar per client.
import http from 'node:http';
import { inject } from 'vitest';

export interface Res { status: number; headers: http.IncomingHttpHeaders; text: string; json: () => any }

export class Client {
  readonly jar = new Map<string, string>();
  constructor(readonly base = inject('baseUrl'), readonly defaults: Record<string, string> = {}) {
    // Each client looks like its own address (the test server trusts X-Forwarded-For), so throttling
    // tests do not starve the others.
    this.defaults['x-forwarded-for'] ??= `10.${rand()}.${rand()}.${rand()}`;
  }

  async request(method: string, path: string, opts: { body?: unknown; raw?: string; headers?: Record<string, string>; host?: string } = {}): Promise<Res> {
    const url = new URL(path, this.base);
    const headers: Record<string, string> = { ...this.defaults, ...opts.headers };
    if (opts.host) headers.host = opts.host;
    let payload: string | undefined = opts.raw;
    if (opts.body !== undefined) { payload = JSON.stringify(opts.body); headers['content-type'] ??= 'application/json'; }
    if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
    if (this.jar.size) headers.cookie = [headers.cookie, ...[...this.jar].map(([k, v]) => `${k}=${v}`)].filter(Boolean).join('; ');
    return new Promise((resolve, reject) => {
      const req = http.request(url, { method, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => { text += c; });
        res.on('end', () => {
          for (const c of res.headers['set-cookie'] ?? []) {
            const [pair, ...attrs] = c.split(';');
            const [k, ...v] = pair!.split('=');
            const expired = attrs.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
            if (expired || v.join('=') === '') this.jar.delete(k!.trim()); else this.jar.set(k!.trim(), v.join('='));
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
        });
      });
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }
  get(path: string, opts?: Parameters<Client['request']>[2]) { return this.request('GET', path, opts); }
  post(path: string, body?: unknown, opts?: Parameters<Client['request']>[2]) { return this.request('POST', path, { ...opts, body }); }

  /**
   * Signs up as a person would (issue 23): the sign-up mails a code, the code (read from the demo outbox) proves the
   * e-mail and signs in. Answers the verification's body ({ user }).
   */
  async signup(email: string, name = 'Persona Prueba', opts: { password?: string; host?: string } = {}) {
    const r = await this.post('/api/auth/signup', { email, password: opts.password ?? 'a-long-password', name }, { host: opts.host });
    if (r.status !== 202) throw new Error(`signup ${email}: ${r.status} ${r.text}`);
    const pin = await mailedCode(email, this.base);
    const v = await this.post('/api/auth/pin/verify', { email, pin }, { host: opts.host });
    if (v.status !== 200) throw new Error(`verify ${email}: ${v.status} ${v.text}`);
    return v.json();
  }

  async login(email: string, password = 'demo-password-1') {
    const r = await this.post('/api/auth/login', { email, password });
    if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${r.text}`);
    return r.json();
  }
}

/** The newest 6-digit code mailed to `email` (the demo outbox lists the newest first). */
export async function mailedCode(email: string, base = inject('baseUrl')): Promise<string> {
  const page = (await new Client(base).get('/dev/outbox')).text;
  const pin = page.match(new RegExp(`${email.replace(/[.+]/g, '\\$&')}[\\s\\S]*?(\\d{6})`, 'i'))?.[1];
  if (!pin) throw new Error(`no code mailed to ${email}`);
  return pin;
}

const rand = () => Math.floor(Math.random() * 254) + 1;
