import { z } from 'zod';
import { requireOperator } from '../../../../domain/wallet/service.ts';
import { JOBS, jobStatus } from '../../../../jobs/index.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

const when = z.string().nullable();
const row = z.object({
  name: z.string(), every_ms: z.number().int(), next_run_at: when, last_started_at: when, last_finished_at: when, last_ok_at: when,
  last_result: z.number().int().nullable(), last_error: z.string().nullable(), failures: z.number().int(), runs: z.number().int(), total_failures: z.number().int(),
});

export const spec = defineEndpoint({
  method: 'GET', path: '/api/admin/jobs',
  summary: "Platform operator (ul3): each background job's last run (started, finished, result or error), failures in a row and next run, across every process",
  tags: ['jobs'], auth: 'user', response: z.object({ results: z.array(row) }), errors: [401, 403],
});

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export const GET = handle(spec, async ({ ctx }) => {
  requireOperator(ctx.locals.viewer);
  const rows = new Map((await jobStatus(ctx.locals.db)).map((r) => [r.name, r]));
  return {
    results: JOBS.map((j) => {
      const r = rows.get(j.name);
      return {
        name: j.name, every_ms: j.everyMs, next_run_at: iso(r?.next_run_at), last_started_at: iso(r?.last_started_at), last_finished_at: iso(r?.last_finished_at),
        last_ok_at: iso(r?.last_ok_at), last_result: r?.last_result ?? null, last_error: r?.last_error ?? null,
        failures: r?.failures ?? 0, runs: r?.runs ?? 0, total_failures: r?.total_failures ?? 0,
      };
    }),
  };
});
