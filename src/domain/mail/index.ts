// The mail area's public face (.dependency-cruiser.cjs `domain-area-public-api`): other areas queue mail about their
// events through these one-line calls, pages read the demo outbox and the mail preference, the send-mail job sends.
export { mailAdvisorMessage, mailOrder, mailPackage, mailPayout, REVIEW_INVITE_DELAY_MS, type OrderEvent } from './notify.ts';
export {
  closeTransports, deliverDue, enqueue, mailContact, mailInvitation, mailPin, mailSignup, optionalMailOf, outboxMessages,
  publicUrl, rememberLocale, sendNow, setOptionalMail, unsubscribeTarget,
} from './service.ts';
export { MAIL_MAX_ATTEMPTS, nextAttemptAt } from './rules.ts';
export type { OutboxRow } from './repo.ts';
export type { MailKind } from './templates.ts';
