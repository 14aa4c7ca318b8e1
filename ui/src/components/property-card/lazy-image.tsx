import { ResponsiveImage, type ResponsiveImageProps } from "@/components/ui/responsive-image";

/**
 * How wide a card's picture is drawn: the full width on phones, half on tablets, a third of
 * the 1200px container (less the gaps) on wide screens.
 */
export const CARD_SIZES = "(min-width: 1024px) 368px, (min-width: 640px) 50vw, 100vw";

interface LazyImageProps extends Omit<ResponsiveImageProps, "loading" | "sizes"> {
  /** Shown when src is blank. */
  empty: string;
  /** Load at once (e.g. the first pictures of a page) instead of near the viewport. */
  eager?: boolean;
  /** How wide the picture is drawn (default: a card in a grid of cards). */
  sizes?: string;
}

/**
 * LazyImage is a card's picture: a ResponsiveImage that loads when it comes within 200px of the
 * viewport (unless eager), shows `empty` when there is no picture and `fallback` when it fails
 * to load (SPEC §3, §8).
 */
export function LazyImage({ src, empty, eager = false, sizes = CARD_SIZES, ...props }: LazyImageProps) {
  return <ResponsiveImage {...props} src={src?.trim() ? src : empty} sizes={sizes} loading={eager ? "eager" : "lazy"} />;
}
