// {shop}/pagado[/{orderId}] (seed 000 §2 'paid'): today's purchases (src/pages/_spec-paths.ts).
import { specPathRoute } from '../../_spec-paths.ts';

export const GET = specPathRoute('pagado');
