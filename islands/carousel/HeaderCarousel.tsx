// Temporary: replaced by the swiper carousel island.
import type { SlideView } from '../../src/lib/shared/slides.ts';
export default function HeaderCarousel({ slides, width, height }: { slides: SlideView[]; width: number; height: number; labels: Record<string, string> }) {
  const s = slides[0]!;
  return <img src={s.desktop} alt="" width={width} height={height} />;
}
