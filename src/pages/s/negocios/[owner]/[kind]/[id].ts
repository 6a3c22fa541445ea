// {shop}/negocios/{owner}/{products|services}/{id} card link (seed 000 §2): answers 301 to the item's page (see src/pages/_card-link.ts).
import { cardLinkRoute } from '../../../../_card-link.ts';

export const GET = cardLinkRoute;
