// Pure rules of the catalogue tools (issue 13): which network a shop belongs to, and which catalogues it may fork.

export interface NetworkShop { id: string; store_type: string; root_affinity_store_id: string | null }

/**
 * The id of the root affinity store a shop belongs to: its root_affinity_store_id, or itself when it is an
 * affinity store at the root (seed 000 §1: a shop can sit under a root affinity store). null: in no network.
 */
export function networkOf(shop: NetworkShop): string | null {
  if (shop.root_affinity_store_id) return shop.root_affinity_store_id;
  return shop.store_type === 'affinity' ? shop.id : null;
}

/**
 * A shop may fork a catalogue of its own, or of another shop of its network (the root store's included).
 * Shops outside any network fork only their own catalogues.
 */
export function mayFork(target: NetworkShop, origin: NetworkShop): boolean {
  if (target.id === origin.id) return true;
  const net = networkOf(target);
  return net !== null && networkOf(origin) === net;
}
