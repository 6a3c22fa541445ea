// POST /api/supplier/products/import: a CSV of items (multipart field "file", or a text/csv body). Every row is
// checked first; any problem answers 400 csv_invalid with fields {"<line>.<column>": [message]} (line 1 is the
// header) and nothing is written. ?dry_run=1 does the whole import and rolls it back.
import { z } from 'zod';
import { importCsv } from '../../../../domain/products/csv-service.ts';
import { readCsvBody } from '../../../../domain/products/upload.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/supplier/products/import', tags: ['supplier'], auth: 'user',
  summary: 'Import items from CSV (the export\'s columns; empty id creates, an id of the supplier\'s updates). All rows valid: {created, updated}; otherwise 400 csv_invalid with every problem by line and column, and nothing written. At most 2000 rows and 1,000,000 bytes (413). dry_run=1 only checks',
  query: z.object({ dry_run: z.enum(['1', '0', 'true', 'false']).optional() }),
  response: z.object({ created: z.number().int(), updated: z.number().int(), dry_run: z.boolean() }), errors: [400, 403, 413, 415],
});

export const POST = handle(spec, ({ ctx, query }) => importCsv(ctx.locals.db, ctx.locals.viewer, () => readCsvBody(ctx.request),
  { dryRun: query.dry_run === '1' || query.dry_run === 'true' }));
