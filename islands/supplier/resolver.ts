// zodResolver with the reader's words: react-hook-form checks the form with the same zod schema as the endpoint
// (productInput), and each field's first issue is turned into text by the server's own function (issueText), so
// 'validation.tooLong' reads "At most 150 characters" with its number, as the API would answer it. (zodResolver
// keeps only the message key and would lose the {{max}}.)
import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { Translator } from '../../src/lib/i18n/index.ts';
import { issueText } from '../../src/lib/i18n/validation.ts';

export function translatedZodResolver<S extends z.ZodType<any, any>>(schema: S, t: Translator): Resolver<z.input<S> & FieldValues, unknown, z.output<S>> {
  return async (values, _context, options) => {
    const parsed = await schema.safeParseAsync(values);
    if (parsed.success) return { values: parsed.data, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      flat[path] ??= { type: issue.code, message: issueText(issue as Parameters<typeof issueText>[0], t) };
    }
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}
