import { useState } from "react";

interface AvatarProps {
  /** URL of a picture; the fallback is shown when it is empty or fails to load. */
  src?: string;
  /** Text shown when there is no picture (initials, one letter). */
  fallback: string;
  /** Accessible description; omit when the name is written next to the avatar. */
  alt?: string;
  size?: "sm" | "md" | "lg";
  className?: string;
}

/** Avatar shows a round picture or, without one, a letter fallback. */
export function Avatar({ src, fallback, alt = "", size = "md", className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const classes = ["avatar", `avatar--${size}`, className].filter(Boolean).join(" ");
  if (src && !failed) {
    return (
      <img
        className={classes}
        src={src}
        alt={alt}
        loading="lazy"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span
      className={classes}
      role={alt ? "img" : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
    >
      {fallback}
    </span>
  );
}
