import { ChevronLeft, ChevronRight, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { ResponsiveImage } from "@/components/ui/responsive-image";
import { DEFAULT_PROPERTY_IMAGE, IMAGE_FALLBACK, type BadgeWords } from "@/lib/property";

/** The stage spans the page on phones, and beside the 340px rent card in the 1200px container on wide screens. */
const STAGE_SIZES = "(min-width: 1024px) 788px, 100vw";

interface PropertyGalleryProps {
  images: readonly string[];
  title: string;
  /** The property's badge (lib/property's verificationBadge); the stage shows it when verified, its proof as its title. */
  badge: BadgeWords;
}

/**
 * PropertyGallery shows a property's pictures: the current one large, with
 * Previous/Next and a row of thumbnails to pick from, and the Verified badge.
 */
export function PropertyGallery({ images, title, badge }: PropertyGalleryProps) {
  const pictures = images.filter((src) => src.trim() !== "");
  const [index, setIndex] = useState(0);
  const count = pictures.length;
  const current = count ? pictures[Math.min(index, count - 1)] : DEFAULT_PROPERTY_IMAGE;
  const go = (next: number) => setIndex((next + count) % count);

  return (
    <section className="gallery" aria-label="Photos">
      <div className="gallery__stage">
        {/* The page's main picture: fetched at once and first. */}
        <ResponsiveImage
          src={current}
          fallback={IMAGE_FALLBACK}
          alt={count ? `${title}, photo ${index + 1} of ${count}` : `${title}, no photos yet`}
          sizes={STAGE_SIZES}
          loading="eager"
          fetchPriority="high"
          className="gallery__image"
          width={1200}
          height={750}
        />
        {badge.verified ? (
          <span className="badge badge--verified gallery__badge" title={badge.proof ?? undefined}>
            <ShieldCheck aria-hidden="true" size={16} /> {badge.text}
          </span>
        ) : null}
        {count > 1 ? (
          <>
            <button type="button" className="gallery__nav gallery__nav--prev" aria-label="Previous photo" onClick={() => go(index - 1)}>
              <ChevronLeft aria-hidden="true" size={22} />
            </button>
            <button type="button" className="gallery__nav gallery__nav--next" aria-label="Next photo" onClick={() => go(index + 1)}>
              <ChevronRight aria-hidden="true" size={22} />
            </button>
            <span className="gallery__counter" aria-hidden="true">
              {index + 1} / {count}
            </span>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="gallery__thumbs" aria-label="Thumbnails">
          {pictures.map((src, i) => (
            <li key={`${src}-${i}`}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={`Show photo ${i + 1}`}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
              >
                <ResponsiveImage src={src} fallback={IMAGE_FALLBACK} sizes="110px" width={110} height={70} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
