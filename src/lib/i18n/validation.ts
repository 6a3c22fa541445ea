// Error and validation texts in the reader's language. Browser-safe: the server translates API errors with it
// (src/lib/server/http.ts) and islands translate the same schemas' issues when they check a form before sending.
//
// Schemas write message KEYS, not English (`.max(120, 'validation.tooLong')`, `{ message: 'validation.required' }`):
// a key is translated with the issue's numbers (`{{min}}`, `{{max}}`); an issue without a key (zod's own English, or
// an English text a schema still writes) is translated from its `code` (too_small, too_big, invalid_type,
// invalid_format ...). Field messages the domain writes are keys of any area (`validation.required`,
// `sharing.foreignUrl`: translated with the error's `fieldVars`) or free text, which stays as it is. A bare code
// ('required', 'invalid_shop_carousel_link') never reaches an answer as it is (issue 27): it is read as the
// `validation.<camelCase>` or `apiErrors.<code>` key of the same name, else as 'not valid' (codeText).
import type { AppError, ErrorBody, ErrorVars, IssueLike } from '../shared/errors.ts';
import type { MessageKey, Translator } from './index.ts';

/** A message key of the dictionaries' error areas (`validation.tooLong`, `apiErrors.not_found`). */
export function isMessageKey(s: unknown): s is string {
  return typeof s === 'string' && /^(validation|apiErrors)\.[A-Za-z0-9_]+$/.test(s);
}

const num = (v: number | bigint | undefined) => (v === undefined ? '' : Number(v));

/** The numbers and names an issue's text interpolates. */
export function issueVars(issue: IssueLike): ErrorVars {
  const vars: ErrorVars = {};
  if (issue.minimum !== undefined) vars.min = num(issue.minimum);
  if (issue.maximum !== undefined) vars.max = num(issue.maximum);
  if (issue.format) vars.format = issue.format;
  return vars;
}

/** A dictionary key of any area ('validation.required', 'sharing.foreignUrl'). */
const ANY_KEY = /^[a-z][A-Za-z0-9]*\.[A-Za-z0-9_]+$/;
/** A bare code: snake_case or one lowercase word ('required', 'empty', 'invalid_shop_carousel_link'). */
export const BARE_CODE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

/**
 * A bare code as a person reads it: its `validation.<camelCase>` or `apiErrors.<code>` text, else `fallback` (the
 * error's own message, when it has a precise text: 'slug_taken' under 'That address is taken'), else 'not valid'.
 */
export function codeText(code: string, t: Translator, vars?: ErrorVars, fallback?: string): string {
  const camel = code.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
  for (const key of [`validation.${camel}`, `apiErrors.${code}`]) {
    if (!t.has(key)) continue;
    const text = t(key as MessageKey, vars);
    if (!UNFILLED.test(text)) return text;
  }
  return fallback ?? t('validation.invalid');
}

/** The text of one field message: a key translated (with `vars`), a bare code read as its text, free text as it is. */
export function fieldText(message: string, t: Translator, vars?: ErrorVars, fallback?: string): string {
  if (BARE_CODE.test(message)) return codeText(message, t, vars, fallback);
  if (!ANY_KEY.test(message) || !t.has(message)) return message;
  const text = t(message as MessageKey, vars);
  return UNFILLED.test(text) ? t('validation.invalid') : text;
}

/** A placeholder the values did not fill: such a text is never shown (a generic one is). */
const UNFILLED = /\{\{\w+\}\}/;

/** One zod issue as a person reads it, in `t`'s language. */
export function issueText(issue: IssueLike, t: Translator): string {
  const vars = issueVars(issue);
  if (ANY_KEY.test(issue.message) && t.has(issue.message)) {
    const text = t(issue.message as MessageKey, vars);
    if (!UNFILLED.test(text)) return text;
  }
  // A bare code ('required', 'invalid_shop_carousel_link') is read as its text, never shown as it is.
  if (BARE_CODE.test(issue.message)) return codeText(issue.message, t, vars);
  const collection = issue.origin === 'array' || issue.origin === 'set' || issue.origin === 'map' || issue.origin === 'record';
  const numeric = issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint';
  switch (issue.code) {
    case 'invalid_type':
      if (/received undefined$/.test(issue.message)) return t('validation.required');
      if (issue.expected === 'int') return t('validation.wholeNumber');
      if (issue.expected === 'number' || issue.expected === 'bigint') return t('validation.notANumber');
      return t('validation.invalidType');
    case 'too_small':
      if (collection) return t('validation.tooFew', vars);
      if (numeric) return t('validation.atLeast', vars);
      return Number(issue.minimum) <= 1 ? t('validation.required') : t('validation.tooShort', vars);
    case 'too_big':
      if (collection) return t('validation.tooMany', vars);
      if (numeric) return t('validation.atMost', vars);
      return t('validation.tooLong', vars);
    case 'invalid_format':
      if (issue.format === 'email') return t('validation.invalidEmail');
      if (issue.format === 'url') return t('validation.invalidUrl');
      if (issue.format === 'uuid' || issue.format === 'guid' || issue.format === 'cuid') return t('validation.invalidId');
      if (issue.format === 'date' || issue.format === 'datetime') return t('validation.invalidDate');
      return t('validation.invalidFormat');
    case 'invalid_value':
      return t('validation.invalidOption');
    case 'unrecognized_keys':
      return t('validation.unknownField');
    default:
      return t('validation.invalid');
  }
}

/** Zod issues as `fields` ({ 'a.b': [texts] }, '_' for the value itself), in `t`'s language. */
export function issueFields(issues: readonly IssueLike[], t: Translator): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path?.length ? issue.path.map(String).join('.') : '_';
    (fields[key] ??= []).push(issueText(issue, t));
  }
  return fields;
}

/** An AppError's answer body in `t`'s language: the code's text (with its vars) and every field message. */
export function localizedErrorBody(err: AppError, t: Translator): ErrorBody {
  // The error's own text key, else `<code>_detail` with its vars ("only {{available}} left"), else the code's.
  const own = err.textKey ?? '';
  const detail = `apiErrors.${err.code}_detail`;
  const plain = `apiErrors.${err.code}`;
  const message = own && t.has(own) ? t(own as MessageKey, err.vars)
    : err.vars && t.has(detail) ? t(detail as MessageKey, err.vars)
      : t.has(plain) ? t(plain as MessageKey) : err.message;
  let fields = err.fields;
  if (err.issues?.length) fields = issueFields(err.issues, t);
  else if (fields) {
    const precise = own && t.has(own) ? message : undefined;
    fields = Object.fromEntries(Object.entries(fields).map(([k, list]) => [k, list.map((m) => fieldText(m, t, err.fieldVars?.[k] ?? err.vars, precise))]));
  }
  // The codes stay machine-readable beside their texts: an island may act on 'invalid_product'.
  const codes: Record<string, string[]> = {};
  const raw = err.issues?.length ? err.issues.map((i) => [i.path?.length ? i.path.map(String).join('.') : '_', i.message] as const)
    : Object.entries(err.fields ?? {}).flatMap(([k, list]) => list.map((m) => [k, m] as const));
  for (const [k, m] of raw) if (BARE_CODE.test(m)) (codes[k] ??= []).push(m);
  return { error: { code: err.code, message, ...(fields ? { fields } : {}), ...(Object.keys(codes).length ? { field_codes: codes } : {}) } };
}

/** An error's message in `t`'s language (for pages that show an AppError themselves). */
export function errorText(err: AppError, t: Translator): string {
  return localizedErrorBody(err, t).error.message;
}

/** Zod issues as one line of text in `t`'s language (for pages that show a refused form above it). */
export function issuesText(issues: readonly IssueLike[], t: Translator): string {
  return issues.map((i) => issueText(i, t)).join('; ');
}

/** A notice or refusal inside a successful answer (`{ code, message, available?, max? }`, e.g. the cart's). */
export interface CodedMessage { code: string; message: string; available?: number | null; max?: number | null }

/** The same notice with its message in `t`'s language (the code's text with its numbers; else as it was). */
export function localizedNotice<N extends CodedMessage>(n: N, t: Translator): N {
  const vars: ErrorVars = {};
  if (typeof n.available === 'number') vars.available = n.available;
  if (typeof n.max === 'number') vars.max = n.max;
  const detail = `apiErrors.${n.code}_detail`;
  const plain = n.code === 'ignored' ? 'validation.zeroIgnored' : `apiErrors.${n.code}`;
  const message = Object.keys(vars).length && t.has(detail) ? t(detail as MessageKey, vars) : t.has(plain) ? t(plain as MessageKey) : n.message;
  return { ...n, message };
}
