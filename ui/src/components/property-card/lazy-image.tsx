import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";

/** How far outside the viewport an image starts loading (SPEC §9). */
export const LAZY_MARGIN = "200px";

interface LazyImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "onError" | "loading"> {
  /** The picture; `empty` is shown when it is blank. */
  src: string | undefined;
  /** Shown when src is blank. */
  empty: string;
  /** Shown when the picture fails to load. */
  fallback: string;
  /** Load at once (e.g. the first picture of a page) instead of near the viewport. */
  eager?: boolean;
}

/**
 * LazyImage loads its picture only when it comes within 200px of the viewport,
 * shows `empty` when there is no picture and `fallback` when it fails to load
 * (SPEC §3, §8). Give it a `key` when src changes.
 */
export function LazyImage({ src, empty, fallback, eager = false, alt = "", ...props }: LazyImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [near, setNear] = useState(() => eager || typeof IntersectionObserver === "undefined");
  const [failed, setFailed] = useState(false);

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

  const wanted = src?.trim() ? src : empty;
  const current = failed ? fallback : wanted;
  return (
    <img
      {...props}
      ref={ref}
      alt={alt}
      src={near ? current : undefined}
      data-src={near ? undefined : current}
      decoding="async"
      loading={eager ? "eager" : "lazy"}
      onError={() => {
        if (current !== fallback) setFailed(true);
      }}
    />
  );
}
