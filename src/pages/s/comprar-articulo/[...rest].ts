// {shop}/comprar-articulo[/{checkoutId}] (seed 000 §2 'buy item'): today's checkout page (src/pages/_spec-paths.ts).
import { specPathRoute } from '../../_spec-paths.ts';

export const GET = specPathRoute('comprar-articulo');
