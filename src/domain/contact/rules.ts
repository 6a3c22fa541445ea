// Contact messages: who receives them and what the mail says (pure; src/domain/contact/service.ts sends it).
import type { ContactInput } from './schema.ts';

/** Per sender address: 5 messages in 15 minutes; per shop: 60 an hour (nobody can fill a shop's mailbox). */
export const CONTACT_LIMIT_PER_ADDRESS = 5;
export const CONTACT_LIMIT_PER_ADDRESS_WINDOW_S = 15 * 60;
export const CONTACT_LIMIT_PER_SHOP = 60;
export const CONTACT_LIMIT_PER_SHOP_WINDOW_S = 60 * 60;

/** The shop's contact e-mail, else its owner's (seed 000 §3 contact_email); null when it has neither. */
export function contactRecipient(shopEmail: string | null | undefined, ownerEmail: string | null | undefined): string | null {
  const own = shopEmail?.trim();
  if (own && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(own)) return own;
  return ownerEmail?.trim() || null;
}

/** No line breaks in a subject (a header): they would start new headers. */
const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();

export interface ContactMail { subject: string; body: string; replyTo: string }

/**
 * The mail to the shop. In Spanish and English like the platform's other mails: the shop reads it in its own
 * language, which the visitor's page language says nothing about. The visitor's text is quoted as typed.
 */
export function contactMail(shop: { name: string; url: string }, input: ContactInput, item: { name: string; url: string } | null): ContactMail {
  const about = input.mode === 'item' ? (item?.name ?? input.subject ?? '') : '';
  const kind = input.mode === 'item'
    ? 'Consulta sobre un producto o servicio / Question about a product or service'
    : 'Consulta sobre la tienda o la cuenta / Question about the shop or the account';
  const lines = [
    `${kind}`,
    `Tienda / Shop: ${shop.name} (${shop.url})`,
    ...(about ? [`Artículo / Item: ${oneLine(about)}${item ? ` (${item.url})` : ''}`] : []),
    `De / From: ${oneLine(input.name)} <${input.email}>`,
    ...(input.phone ? [`Teléfono / Phone: ${oneLine(input.phone)}`] : []),
    '',
    input.message,
    '',
    'Responde a este correo para contestar a quien escribió. / Reply to this e-mail to answer the sender.',
  ];
  const subject = oneLine(`[${shop.name}] ${about ? `${about.slice(0, 80)} · ` : ''}${input.mode === 'item' ? 'Consulta / Question' : 'Contacto / Contact'}`);
  return { subject, body: lines.join('\n'), replyTo: input.email };
}
