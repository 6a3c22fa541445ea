import { customType } from 'drizzle-orm/pg-core';

/** Case-insensitive text (the citext extension): e-mails and slugs compare without case. */
export const citext = customType<{ data: string }>({ dataType: () => 'citext' });
