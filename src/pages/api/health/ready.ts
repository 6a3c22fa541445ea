// GET /api/health/ready: the readiness check under its explicit name (the same as GET /api/health).
import { handle } from '../../../lib/server/endpoint.ts';
import { readiness, readinessSpec } from '../health.ts';

export const spec = readinessSpec('/api/health/ready');
export const GET = handle(spec, readiness);
