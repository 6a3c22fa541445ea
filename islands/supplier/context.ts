// What every part of the product editor shares: the translator, the API client and the form's types.
import { createContext, useContext } from 'react';
import { get, useFormContext, type FieldPath } from 'react-hook-form';
import type { ProductFieldsInput, ProductInput } from '../../src/domain/products/schema.ts';
import type { MessageKey, Translator, Vars } from '../../src/lib/i18n/index.ts';
import type { SupplierApi } from './api.ts';
import { messageText } from './i18n.ts';

export type FormValues = ProductFieldsInput;
export type FormOutput = ProductInput;
export type FieldName = FieldPath<FormValues>;

export interface EditorContext { t: Translator; api: SupplierApi }
export const EditorCtx = createContext<EditorContext | null>(null);

export function useEditor(): EditorContext {
  const ctx = useContext(EditorCtx);
  if (!ctx) throw new Error('ProductEditor parts need the editor context');
  return ctx;
}

/** `supplierProducts.<key>` in the reader's language. */
export function useSp() {
  const { t } = useEditor();
  return (key: string, vars?: Vars) => t(`supplierProducts.${key}` as MessageKey, vars);
}

export const useProductForm = () => useFormContext<FormValues, unknown, FormOutput>();

/** The error text of a field (or of anything under it, for a group such as variants), '' when none. */
export function useFieldError(name: string, deep = false): string {
  const { t } = useEditor();
  const { formState: { errors } } = useProductForm();
  return errorTextAt(errors, name, t, deep);
}

export function errorTextAt(errors: object, name: string, t: Translator, deep = false): string {
  const at = get(errors, name) as unknown;
  if (!at) return '';
  if (!deep || (typeof at === 'object' && at !== null && 'message' in at && typeof (at as { message?: unknown }).message === 'string')) {
    return messageText(t, (at as { message?: string }).message);
  }
  return firstMessages(at).map((m) => messageText(t, m)).join(' · ');
}

function firstMessages(node: unknown, out: string[] = []): string[] {
  if (!node || typeof node !== 'object') return out;
  const m = (node as { message?: unknown }).message;
  if (typeof m === 'string' && m) { if (!out.includes(m)) out.push(m); return out; }
  for (const [k, v] of Object.entries(node)) if (k !== 'ref' && k !== 'type') firstMessages(v, out);
  return out;
}
