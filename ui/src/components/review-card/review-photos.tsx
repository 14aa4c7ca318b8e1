import { ResponsiveImage } from "@/components/ui/responsive-image";
import { IMAGE_FALLBACK } from "@/lib/property";
import "./review-photos.css";

interface ReviewPhotosProps {
  photos: readonly string[];
  /** The author's public name, for the photos' text alternative (none in the author's own list). */
  author?: string;
}

/**
 * ReviewPhotos are a review's photos as small thumbnails, each a link to the full photo (in a
 * new tab). They load lazily near the viewport, in the narrowest stored width that is sharp, and
 * keep their box, so the list does not move as they arrive. Authors write no descriptions, so
 * each is named by its place and its author. Shown wherever reviews are: the review card, the
 * home page's recent reviews, the author's dashboard and the moderators' queue.
 */
export function ReviewPhotos({ photos, author }: ReviewPhotosProps) {
  // The server stores only its own upload URLs; anything else is never made a link.
  const shown = photos.filter((url) => url.startsWith("/uploads/"));
  if (shown.length === 0) return null;
  return (
    <ul className="review-card__photos" aria-label="Photos">
      {shown.map((url, i) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noopener noreferrer" className="review-card__photo">
            <ResponsiveImage
              src={url}
              fallback={IMAGE_FALLBACK}
              sizes="8rem"
              width={128}
              height={96}
              alt={`Photo ${i + 1} of ${shown.length}${author ? ` from ${author}` : ""}`}
            />{" "}
            <span className="visually-hidden">(opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
