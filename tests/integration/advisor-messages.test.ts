// The advisor's private thread (issue 26; seed 001 §2 'private message (live chat)'): a shop's admins and its
// advisor write to each other in a stored thread (API and plain forms without script); each new message is mailed to
// the other side through the mail queue; nobody else reads it (anonymous 401, anyone else 404); the advisor card's
// 'Mensaje privado' leads to the thread, and the demo has one.
import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';

const SHOP = 'demo-03';
const API = `/api/shops/${SHOP}/advisor/messages`;
const tag = () => `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function as(email: string) {
  const c = new Client();
  await c.login(email);
  return c;
}
const form = (c: Client, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  c.request('POST', path, { raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: c.base, ...headers } });

/** The queued mails (demo outbox, latest 50) that contain `text`: their recipient and text. */
async function mailsWith(text: string): Promise<{ to: string; body: string }[]> {
  const page = (await new Client().get('/dev/outbox')).text;
  return page.split('<article').slice(1).filter((a) => a.includes(text))
    .map((a) => ({ to: /:\s*([^\s<]+@[^\s<]+)\s*·/.exec(a)?.[1] ?? '', body: a }));
}

describe('advisor thread API', () => {
  it('the shop\'s admin and its advisor read and write the same thread, each message mailed to the other side', async () => {
    const admin = await as('admin03@demo.test');
    const first = await admin.get(API);
    expect(first.status, first.text).toBe(200);
    const thread = first.json();
    expect(thread).toMatchObject({ side: 'shop', shop: { slug: SHOP }, advisor: { name: 'Carmen Villalobos' } });
    // The demo's thread.
    expect(thread.messages.some((m: { body: string; from_advisor: boolean }) => m.from_advisor && m.body.includes('Café y cocina'))).toBe(true);

    const t1 = tag();
    const sent = await admin.post(API, { body: `  ¿Puedo cambiar el catálogo? ${t1}\n\nGracias  ` });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.json().id).toMatch(/^[0-9a-f-]{36}$/);
    const toAdvisor = await mailsWith(t1);
    expect(toAdvisor.map((m) => m.to)).toEqual(['coordinador@demo.test']);
    expect(toAdvisor[0]!.body).toContain(`/apps/me/asesoria/${SHOP}`);

    const advisor = await as('coordinador@demo.test');
    const seen = (await advisor.get(API)).json();
    expect(seen.side).toBe('advisor');
    const mine = seen.messages.at(-1);
    expect(mine).toMatchObject({ body: `¿Puedo cambiar el catálogo? ${t1}\n\nGracias`, from_advisor: false, author_name: 'Ana Sofía Treviño' });

    const t2 = tag();
    expect((await advisor.post(API, { body: `Sí, desde Campañas. ${t2}` })).status).toBe(201);
    const toShop = await mailsWith(t2);
    expect(toShop.map((m) => m.to)).toContain('admin03@demo.test');
    expect(toShop.map((m) => m.to)).not.toContain('coordinador@demo.test');
    expect(toShop[0]!.body).toContain('/admin/asesor');
    const after = (await admin.get(API)).json();
    expect(after.messages.at(-1)).toMatchObject({ body: `Sí, desde Campañas. ${t2}`, from_advisor: true });
    expect(after.total).toBe(seen.total + 1);

    // The advisor's threads.
    const threads = (await advisor.get('/api/me/advisor/threads')).json().results;
    expect(threads[0]).toMatchObject({ shop: { slug: SHOP }, last: { from_advisor: true } });
    expect((await admin.get('/api/me/advisor/threads')).json().results).toEqual([]);
  });

  it('only the two parties see it: anonymous 401, customers, dispatchers, other shops\' admins and other advisors 404', async () => {
    expect((await new Client().get(API)).status).toBe(401);
    expect((await new Client().post(API, { body: 'x' })).status).toBe(401);
    for (const email of ['cliente@demo.test', 'repartidor@demo.test', 'admin04@demo.test', 'asesoria@demo.test']) {
      const c = await as(email);
      const r = await c.get(API);
      expect(r.status, email).toBe(404);
      expect(r.text).not.toContain('Café y cocina');
      expect((await c.post(API, { body: 'hola' })).status, email).toBe(404);
    }
    // The default advisor has demo-04's thread, not demo-03's.
    expect((await (await as('asesoria@demo.test')).get('/api/shops/demo-04/advisor/messages')).json().side).toBe('advisor');
  });

  it('refuses empty, too long and control-character messages with a field error in the request\'s language', async () => {
    const admin = await as('admin03@demo.test');
    const before = (await admin.get(API)).json().total;
    for (const body of ['', '   ', 'x'.repeat(2001), 'a\u0000b', 'a\u0001b', 42]) {
      const r = await admin.post(API, { body }, { headers: { cookie: 'lang=en' } });
      expect(r.status, JSON.stringify(body)).toBe(400);
      // A NUL byte is refused by every endpoint's input guard before the schema sees it.
      expect(['validation_error', 'invalid_characters']).toContain(r.json().error.code);
    }
    const long = await admin.post(API, { body: 'x'.repeat(2001) }, { headers: { cookie: 'lang=en' } });
    expect(long.json().error.fields.body.join(' ')).toMatch(/2000/);
    expect((await admin.post(API, { body: 'x'.repeat(2000) })).status).toBe(201);
    expect((await admin.get(API)).json().total).toBe(before + 1);
  });
});

describe('advisor thread pages (no script)', () => {
  it('the shop\'s admin writes from {shop}/admin/asesor, the advisor answers from /apps/me/asesoria/{shop}', async () => {
    const admin = await as('admin03@demo.test');
    const page = `/${SHOP}/admin/asesor`;
    const shown = await admin.get(page);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('data-testid="advisor-thread"');
    expect(shown.text).toContain('method="post"');
    const t1 = tag();
    const posted = await form(admin, page, { body: `Desde el formulario ${t1}` });
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe(`${page}?aviso=enviado#ultimo`);
    const back = await admin.get(`${page}?aviso=enviado`, { headers: { cookie: 'lang=en' } });
    expect(back.text).toContain(`Desde el formulario ${t1}`);
    expect(back.text).toContain('Message sent');
    const empty = await form(admin, page, { body: '   ' }, { cookie: 'lang=en' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('data-testid="advisor-error"');
    expect(empty.text).toContain('Required');
    const nul = await form(admin, page, { body: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect(nul.text).not.toContain('\u0000');
    // Markup in a message is text.
    await form(admin, page, { body: `<script>alert(1)</script> ${t1}` });
    expect((await admin.get(page)).text).toContain(`&lt;script&gt;alert(1)&lt;/script&gt; ${t1}`);

    const advisor = await as('coordinador@demo.test');
    const inbox = await advisor.get('/apps/me/asesoria');
    expect(inbox.status).toBe(200);
    expect(inbox.text).toContain(`href="/apps/me/asesoria/${SHOP}"`);
    const side = await advisor.get(`/apps/me/asesoria/${SHOP}`);
    expect(side.status).toBe(200);
    expect(side.text).toContain(`Desde el formulario ${t1}`);
    const t2 = tag();
    const reply = await form(advisor, `/apps/me/asesoria/${SHOP}`, { body: `Respuesta ${t2}` });
    expect(reply.status).toBe(303);
    expect((await admin.get(page)).text).toContain(`Respuesta ${t2}`);
    expect((await mailsWith(t2)).map((m) => m.to)).toContain('admin03@demo.test');
  });

  it('is refused to everyone else, and the advisor card\'s \'Mensaje privado\' leads to the thread for admins only', async () => {
    expect((await new Client().get(`/${SHOP}/admin/asesor`)).status).toBe(302);
    const dispatcher = await as('repartidor@demo.test');
    expect((await dispatcher.get(`/${SHOP}/admin/asesor`)).status).toBe(404);
    expect((await form(dispatcher, `/${SHOP}/admin/asesor`, { body: 'hola' })).status).toBe(404);
    const card = (await dispatcher.get(`/api/shops/${SHOP}/advisor`)).json();
    expect(card.message_url).toBeNull();
    const customer = await as('cliente@demo.test');
    expect((await customer.get(`/apps/me/asesoria/${SHOP}`)).status).toBe(404);
    expect((await customer.get('/apps/me/asesoria')).status).toBe(403);
    expect((await (await as('asesoria@demo.test')).get(`/apps/me/asesoria/${SHOP}`)).status).toBe(404);

    const admin = await as('admin03@demo.test');
    const api = (await admin.get(`/api/shops/${SHOP}/advisor`)).json();
    expect(new URL(api.message_url).pathname).toBe('/admin/asesor');
    const home = (await admin.get(`/${SHOP}/`)).text;
    expect(home).toContain(`href="/${SHOP}/admin/asesor"`);
    expect(home).not.toMatch(/href="mailto:[^"]*subject=/);
  });
});
