// The mail rules without a database: the retry schedule, escaping every value in the HTML part, and each template's
// texts in es, en and es-AR from the same data as its plain-text part.
import { describe, expect, it } from 'vitest';
import { getT } from '../../src/lib/i18n/index.ts';
import { escapeHtml, givesUp, MAIL_BACKOFF_MAX_MS, MAIL_MAX_ATTEMPTS, nextAttemptAt, renderMail, type Frame } from '../../src/domain/mail/rules.ts';
import { content, MAIL_KINDS, TEMPLATED_KINDS, type MailData } from '../../src/domain/mail/templates.ts';

const now = new Date('2026-11-28T12:00:00Z');
const after = (attempts: number, jitter = 0) => nextAttemptAt(attempts, now, jitter).getTime() - now.getTime();

describe('backoff', () => {
  it('waits 30 s after the first failure and twice as long after each next one, up to 6 hours', () => {
    expect([1, 2, 3, 4, 5].map((n) => after(n))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    expect(after(12)).toBe(MAIL_BACKOFF_MAX_MS);
    expect(after(1000)).toBe(MAIL_BACKOFF_MAX_MS);
    // Jitter spreads a burst by up to 10 %, never earlier.
    expect(after(1, 0.5)).toBe(31_500);
    expect(after(1, 5)).toBeLessThan(33_000);
    expect(after(0)).toBe(30_000);
  });

  it('gives up only after MAIL_MAX_ATTEMPTS tries (over two days of retries)', () => {
    expect(givesUp(MAIL_MAX_ATTEMPTS - 1)).toBe(false);
    expect(givesUp(MAIL_MAX_ATTEMPTS)).toBe(true);
    const total = Array.from({ length: MAIL_MAX_ATTEMPTS - 1 }, (_, i) => after(i + 1)).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(48 * 3600_000);
  });
});

const frame: Frame = { brand: { name: 'Casa "Norte" <b>', logo: 'https://cdn.example/logo.png', url: 'https://casa.example' }, footer: 'Pie & fin', lang: 'es' };

describe('renderMail', () => {
  it('escapes every value in the HTML part and keeps the text part as written', () => {
    const r = renderMail({
      subject: 'Hola\r\nBcc: x@evil.example', heading: '<script>alert(1)</script>', paragraphs: ['a & b <i>', 'see https://casa.example/p?a=1&b=2.'],
      facts: [{ label: 'Nota', value: '"><img src=x onerror=alert(1)>' }], action: { label: 'Ver <ya>', url: 'https://casa.example/x?y=1' },
    }, frame);
    expect(r.subject).toBe('Hola Bcc: x@evil.example');
    expect(r.html).not.toMatch(/<script|<img src=x|<i>|<b>/);
    expect(r.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(r.html).toContain('a &amp; b &lt;i&gt;');
    expect(r.html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(r.html).toContain('Casa &quot;Norte&quot; &lt;b&gt;');
    // An address in a paragraph is a link, its trailing full stop left outside.
    expect(r.html).toContain('<a href="https://casa.example/p?a=1&amp;b=2" style="color:#1a56db">https://casa.example/p?a=1&amp;b=2</a>.');
    expect(r.text).toContain('<script>alert(1)</script>');
    expect(r.text).toContain('Ver <ya>: https://casa.example/x?y=1');
    expect(r.html).toContain('>Ver &lt;ya&gt;</a>');
    expect(r.text).toContain('Pie & fin');
  });

  it('links only http(s) addresses: a javascript: action or logo is left out', () => {
    const r = renderMail({ subject: 's', heading: 'h', paragraphs: ['javascript:alert(1)'], action: { label: 'Go', url: 'javascript:alert(1)' } },
      { ...frame, brand: { ...frame.brand, logo: 'javascript:alert(1)' } });
    expect(r.html).not.toContain('href="javascript');
    expect(r.html).not.toContain('<img');
    expect(r.text).not.toContain('Go:');
  });

  it('shows the unsubscribe link only when given (optional mail)', () => {
    const with_ = renderMail({ subject: 's', heading: 'h', paragraphs: [] }, { ...frame, unsubscribe: { label: 'Baja', url: 'https://casa.example/preferencias?baja=a.b' } });
    expect(with_.html).toContain('href="https://casa.example/preferencias?baja=a.b"');
    expect(with_.text).toContain('Baja: https://casa.example/preferencias?baja=a.b');
    expect(renderMail({ subject: 's', heading: 'h', paragraphs: [] }, frame).text).not.toContain('Baja');
  });

  it('escapeHtml covers the five characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

const order = {
  reference: 'PO-1001', shop: 'Casa Norte', total: { amount: 29900, currency: 'MXN' }, items: [{ name: 'Taza', amount: 2 }],
  link: 'https://casa.example/mis-compras/1', buyer: 'Rosa', tracking: 'TRK123', trackingUrl: 'https://casa.example/mis-compras/1#tracking-title',
  date: '2026-12-03', cost: { amount: 9900, currency: 'MXN' }, reason: 'Sin existencias', amount: { amount: 5000, currency: 'MXN' },
  payment: { reference: '1234567', details: [{ key: 'clabe', value: '646180000000000000' }], expires: '2026-11-29T18:00:00Z' },
};
const sample = (kind: (typeof MAIL_KINDS)[number]): MailData => {
  switch (kind) {
    case 'pin': return { kind, pin: '123456', minutes: 5, link: 'https://x.example/login/pin' };
    case 'signupCode': case 'signupTaken': return { kind, pin: '123456', minutes: 15, link: 'https://x.example/login/pin' };
    case 'inviteCollaborator': return { kind, shop: 'Casa', link: 'https://x.example/i' };
    case 'inviteSupplier': return { kind, supplier: 'Textiles', link: 'https://x.example/i' };
    case 'contact': return { kind, mode: 'item', shop: 'Casa', shopUrl: 'https://x.example/', about: 'Taza', itemUrl: null, fromName: 'Ana', fromEmail: 'ana@x.example', phone: null, message: 'Hola' };
    case 'payoutPaid': case 'payoutRejected': return { kind, amount: { amount: 10000, currency: 'MXN' }, reference: 'TRF1', reason: 'Cuenta', link: 'https://x.example/monedero' };
    case 'packageReceipt': return { kind, plan: 'Pro', amount: { amount: 10000, currency: 'MXN' }, period: { start: '2026-11-01T00:00:00Z', end: '2026-12-01T00:00:00Z' }, link: 'https://x.example/apps/paquetes' };
    case 'advisorMessage': return { kind, shop: 'Casa', from: 'Carmen', message: 'Hola\n\n¿Cómo vas?', link: 'https://x.example/admin/asesor' };
    case 'renewalFailed': return { kind, plan: 'Pro', amount: { amount: 10000, currency: 'MXN' }, reason: 'card_expired', link: 'https://x.example/apps/paquetes' };
    default: return { kind, ...order } as MailData;
  }
};

describe('templates', () => {
  it('every kind has its subject, heading, body and action text in each language (no key shows through)', () => {
    for (const locale of ['es', 'en', 'es-AR'] as const) {
      const t = getT(locale);
      for (const kind of MAIL_KINDS) {
        const c = content(t, sample(kind));
        const all = [c.subject, c.heading, ...c.paragraphs, ...(c.facts ?? []).flatMap((f) => [f.label, f.value]), c.action?.label ?? ''].join('\n');
        expect(all, `${locale} ${kind}`).not.toMatch(/(?:mail|emailProof|collaborators|supplierMembers|sales)\.[a-zA-Z]|\{\{/);
      }
      for (const kind of TEMPLATED_KINDS) expect(content(t, sample(kind)).action, `${locale} ${kind}`).toBeTruthy();
    }
  });

  it('writes the PIN mail in one language only, and orders with their facts in the reader\'s formats', () => {
    const es = content(getT('es'), sample('pin'));
    const en = content(getT('en'), sample('pin'));
    expect(es.subject).toBe('Tu PIN de acceso');
    expect(en.subject).toBe('Your sign-in PIN');
    expect([en.heading, ...en.paragraphs].join(' ')).not.toMatch(/PIN de acceso|Vence|minutos/);
    expect([es.heading, ...es.paragraphs].join(' ')).not.toMatch(/sign-in|expires|minutes/);
    expect(es.code).toBe('123456');

    const placed = content(getT('en'), sample('orderPlaced'));
    const facts = Object.fromEntries(placed.facts!.map((f) => [f.label, f.value]));
    expect(facts).toMatchObject({ Order: 'PO-1001', Items: '2 × Taza', 'Payment reference': '1234567', 'CLABE (bank account)': '646180000000000000', Total: '$299.00', 'Estimated delivery': 'December 3, 2026' });
    expect(content(getT('es-AR'), sample('orderPlaced')).facts!.find((f) => f.label === 'Total')!.value).toMatch(/299,00/);
    expect(content(getT('es'), sample('orderShipped')).facts!.find((f) => f.label === 'Número de guía')!.value).toContain('#tracking-title');
  });

  it('writes the contact mail in the recipient\'s language, quoting the visitor as typed', () => {
    const en = content(getT('en'), { ...sample('contact'), message: 'Línea 1\nLínea 2', fromName: 'Eve Bcc: x' } as MailData);
    expect(en.subject).toBe('[Casa] Taza · Question');
    expect(en.heading).toBe('Question about a product or service');
    expect(en.paragraphs[0]).toBe('Eve Bcc: x <ana@x.example> wrote:');
    expect(en.paragraphs[1]).toBe('Línea 1\nLínea 2');
    const es = content(getT('es'), sample('contact'));
    expect([es.subject, es.heading, ...es.paragraphs].join(' ')).not.toMatch(/Question|Reply|wrote/);
  });
});
