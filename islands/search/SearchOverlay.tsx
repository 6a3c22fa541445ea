// Temporary: replaced by the search overlay island.
export default function SearchOverlay(_props: { base: string; labels: Record<string, unknown> }) {
  return null;
}
