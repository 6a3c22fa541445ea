// Pure mail rules: the retry schedule, HTML escaping, and the one layout every template's content goes through, so a
// mail's HTML and plain-text parts come from the same data (templates.ts builds that data in the recipient's
// language). Every value is escaped here, whoever wrote it: a shop's name, a buyer's note, a cancel reason.
import { checkLink, LINK_RULES } from '../../lib/shared/safe-url.ts';

/** Attempts before a mail is given up (status 'failed', kept and shown on /dev/outbox with its last error): about 2.5 days
 * of retries, the last ones 6 hours apart, so an SMTP outage of two days loses nothing. */
export const MAIL_MAX_ATTEMPTS = 20;
/** The first retry waits this long; each next one twice as long, up to MAIL_BACKOFF_MAX_MS. */
export const MAIL_BACKOFF_BASE_MS = 30_000;
export const MAIL_BACKOFF_MAX_MS = 6 * 3600_000;
/** How long a claimed mail is the claimer's: a process that dies while sending leaves it to another after this. */
export const MAIL_LEASE_MS = 2 * 60_000;
/** Mails one job pass sends at most (the rest wait for the next pass). */
export const MAIL_BATCH = 25;

/**
 * When a mail whose `attempts`-th try just failed is tried again: 30 s, 1 min, 2 min, 4 min ... capped at 6 hours.
 * `jitter` in [0, 1) spreads retries of many mails failing together by up to 10 % (0 in tests).
 */
export function nextAttemptAt(attempts: number, now: Date, jitter = 0): Date {
  const n = Math.max(1, Math.floor(attempts));
  const delay = Math.min(MAIL_BACKOFF_MAX_MS, MAIL_BACKOFF_BASE_MS * 2 ** Math.min(n - 1, 30));
  return new Date(now.getTime() + Math.round(delay * (1 + Math.min(Math.max(jitter, 0), 0.999) * 0.1)));
}

/** Whether a mail whose `attempts`-th try failed is given up. */
export const givesUp = (attempts: number) => attempts >= MAIL_MAX_ATTEMPTS;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** One line of a subject or header: no line breaks (header injection), bounded. */
export function oneLine(s: string, max = 200): string {
  const line = s.replace(/[\r\n\t\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The shop (or the platform) a mail comes from: its name, logo and address. */
export interface Brand { name: string; logo: string | null; url: string }

/** What a template says; `renderMail` makes the two parts from it. */
export interface MailContent {
  subject: string;
  heading: string;
  /** Paragraphs of plain text (a paragraph may hold line breaks). Addresses in them become links in HTML. */
  paragraphs: string[];
  /** Label and value pairs (the order's reference, the total, the tracking number ...). */
  facts?: { label: string; value: string }[];
  /** A code to type (PIN), shown large. */
  code?: string;
  /** The page that acts on the mail. */
  action?: { label: string; url: string };
}

export interface Frame {
  brand: Brand;
  /** Footer line: why this mail came (essential) or what the unsubscribe link turns off. */
  footer: string;
  /** Present on non-essential mail: the signed link that turns such mail off without signing in. */
  unsubscribe?: { label: string; url: string } | null;
  lang: string;
}

export interface RenderedMail { subject: string; html: string; text: string }

/** An address fit for an href in a mail: http(s) only (checked like every other link), else null. */
export function mailHref(url: string | null | undefined): string | null {
  const ok = checkLink(url, LINK_RULES.web);
  return ok && /^https?:\/\//i.test(ok) ? ok : null;
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

/** A paragraph as HTML: escaped, line breaks kept, addresses linked (each checked again). */
function paragraphHtml(p: string): string {
  let out = '';
  let last = 0;
  for (const m of p.matchAll(URL_IN_TEXT)) {
    out += escapeHtml(p.slice(last, m.index));
    const raw = m[0].replace(/[.,;:!?)]+$/, '');
    const href = mailHref(raw);
    out += href ? `<a href="${escapeHtml(href)}" style="color:#1a56db">${escapeHtml(raw)}</a>` : escapeHtml(raw);
    last = m.index! + raw.length;
  }
  out += escapeHtml(p.slice(last));
  return out.replace(/\r?\n/g, '<br>');
}

/** The HTML and plain-text parts of one mail, from the same content. */
export function renderMail(c: MailContent, f: Frame): RenderedMail {
  const subject = oneLine(c.subject);
  const action = c.action ? { label: c.action.label, href: mailHref(c.action.url) } : null;
  const logo = mailHref(f.brand.logo);
  const brandHref = mailHref(f.brand.url);
  const unsub = f.unsubscribe ? { label: f.unsubscribe.label, href: mailHref(f.unsubscribe.url) } : null;

  const text = [
    f.brand.name,
    '',
    c.heading,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.code ? [c.code, ''] : []),
    ...(c.facts?.length ? [...c.facts.map((x) => `${x.label}: ${x.value}`), ''] : []),
    ...(action?.href ? [`${action.label}: ${action.href}`, ''] : []),
    '--',
    f.footer,
    ...(unsub?.href ? [`${unsub.label}: ${unsub.href}`] : []),
  ].join('\n');

  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${e(f.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px;border-bottom:1px solid #e4e4e7">${logo ? `<img src="${e(logo)}" alt="" width="40" height="40" style="vertical-align:middle;border-radius:6px;margin-right:10px">` : ''}${brandHref ? `<a href="${e(brandHref)}" style="color:#18181b;text-decoration:none;font-weight:bold;font-size:18px">${e(f.brand.name)}</a>` : `<strong style="font-size:18px">${e(f.brand.name)}</strong>`}</td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${e(c.heading)}</h1>
${c.paragraphs.map((p) => `<p style="margin:0 0 14px;line-height:1.5">${paragraphHtml(p)}</p>`).join('\n')}
${c.code ? `<p style="font-size:28px;letter-spacing:6px;font-weight:bold;margin:8px 0 18px">${e(c.code)}</p>` : ''}
${c.facts?.length ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 18px;border-collapse:collapse">${c.facts.map((x) => `<tr><td style="padding:4px 16px 4px 0;color:#52525b">${e(x.label)}</td><td style="padding:4px 0;font-weight:bold">${paragraphHtml(x.value)}</td></tr>`).join('')}</table>` : ''}
${action?.href ? `<p style="margin:8px 0 4px"><a href="${e(action.href)}" style="display:inline-block;background:#18181b;color:#ffffff;text-decoration:none;padding:12px 18px;border-radius:6px;font-weight:bold">${e(action.label)}</a></p>` : ''}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e4e4e7;font-size:12px;color:#71717a">${e(f.footer)}${unsub?.href ? ` <a href="${e(unsub.href)}" style="color:#71717a">${e(unsub.label)}</a>` : ''}</td></tr>
</table></td></tr></table>
</body></html>`;
  return { subject, html, text };
}
