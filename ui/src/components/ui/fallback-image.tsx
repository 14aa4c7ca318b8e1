import { useState, type ImgHTMLAttributes } from "react";

interface FallbackImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "onError"> {
  src: string | undefined;
  /** Shown when src is empty or fails to load. */
  fallback: string;
}

/**
 * FallbackImage is an <img> that swaps to a fallback picture when its source is
 * missing or broken (SPEC §8: an image failure falls back to a default image).
 * It loads lazily unless told otherwise. Give it a `key` when src changes.
 */
export function FallbackImage({ src, fallback, loading = "lazy", alt = "", ...props }: FallbackImageProps) {
  const [current, setCurrent] = useState(src || fallback);
  return (
    <img
      {...props}
      alt={alt}
      src={current}
      loading={loading}
      decoding="async"
      onError={() => {
        if (current !== fallback) setCurrent(fallback);
      }}
    />
  );
}
