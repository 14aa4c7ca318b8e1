import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";

/** How far outside the viewport a lazy image starts loading (SPEC §9). */
export const LAZY_MARGIN = "200px";

/**
 * The widths of the narrower versions the server stores beside every upload, named after it
 * (`/uploads/properties/<hex>-w480.jpg`, `/uploads/reviews/<hex>-w480.jpg`), and the widest its main file is (internal/upload's
 * VersionWidths and MaxSide). A version an upload lacks is served as its main file.
 */
export const UPLOAD_WIDTHS = [480, 960] as const;
const UPLOAD_MAX_WIDTH = 2048;
const UPLOAD = /^(\/uploads\/(?:properties|reviews)\/[0-9a-f]{32})(\.(?:jpg|png|gif|webp))$/;

/**
 * uploadSrcSet lists an upload's stored widths for `srcset`; undefined for any other picture
 * (a vector demo image, an external URL), which has one size only.
 */
export function uploadSrcSet(src: string): string | undefined {
  const match = UPLOAD.exec(src);
  if (!match) return undefined;
  const [, name, ext] = match;
  const versions = UPLOAD_WIDTHS.map((w) => `${name}-w${w}${ext} ${w}w`);
  return [...versions, `${src} ${UPLOAD_MAX_WIDTH}w`].join(", ");
}

export interface ResponsiveImageProps
  extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes" | "width" | "height" | "loading" | "onError"> {
  /** The picture; `fallback` is shown when it is blank or fails to load. */
  src: string | undefined;
  /** Shown when the picture is missing or broken (SPEC §3, §8). */
  fallback: string;
  /** How wide the picture is drawn at each viewport width, so the browser fetches the smallest stored width that is sharp. */
  sizes: string;
  /** The drawn box's proportions, so the page does not move when the picture arrives. */
  width: number;
  height: number;
  /**
   * "lazy" (default) loads the picture when it comes within 200px of the viewport; "eager" at
   * once (pictures above the fold; add fetchPriority="high" for the page's main one).
   */
  loading?: "lazy" | "eager";
}

/**
 * ResponsiveImage draws a picture at the width it is shown: an upload offers the browser its
 * stored widths (srcset/sizes), anything else its one source. It reserves its box (width and
 * height), loads lazily near the viewport unless eager, and swaps to `fallback` when the
 * picture fails to load.
 */
export function ResponsiveImage({ src, fallback, sizes, loading = "lazy", alt = "", ...props }: ResponsiveImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [near, setNear] = useState(() => loading === "eager" || typeof IntersectionObserver === "undefined");
  const [failed, setFailed] = useState<string>();

  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: LAZY_MARGIN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);

  const wanted = src?.trim() ? src : fallback;
  // Remembering which source failed lets a new src load without a remount.
  const current = failed === wanted ? fallback : wanted;
  const srcSet = uploadSrcSet(current);
  return (
    <img
      {...props}
      ref={ref}
      alt={alt}
      src={near ? current : undefined}
      srcSet={near ? srcSet : undefined}
      sizes={srcSet ? sizes : undefined}
      loading={loading}
      decoding="async"
      onError={() => {
        if (current !== fallback) setFailed(wanted);
      }}
    />
  );
}
