import { Clock } from "lucide-react";
import { Link } from "react-router-dom";
import { Avatar } from "@/components/ui/avatar";
import { FallbackImage } from "@/components/ui/fallback-image";
import type { Resource } from "@/gen/rentproof/resource/v1/resource_pb";
import { formatReadTime } from "@/lib/format";
import { truncate } from "@/lib/text";
import { DEFAULT_RESOURCE_COVER, categoryLabel } from "../categories";

/** The longest description a card shows before cutting it (SPEC §9). */
export const CARD_DESCRIPTION_LIMIT = 120;

interface ResourceCardProps {
  resource: Resource;
  /** Heading level of the title: h3 inside a sectioned list (default), h2 at top level. */
  headingLevel?: 2 | 3;
}

/**
 * ResourceCard is one article in a list (SPEC §2 "Resource card"): cover, category,
 * title linking to /resources/{id}, description cut at 120 characters, author.
 */
export function ResourceCard({ resource, headingLevel = 3 }: ResourceCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const author = resource.authorName.trim();
  return (
    <article className="card resource-card">
      <div className="resource-card__media">
        <FallbackImage
          key={resource.coverImage}
          src={resource.coverImage}
          fallback={DEFAULT_RESOURCE_COVER}
          className="resource-card__image"
          width={640}
          height={360}
        />
        <span className="badge badge--category resource-card__category">
          {categoryLabel(resource.category)}
        </span>
      </div>
      <div className="resource-card__body">
        <Heading className="resource-card__title">
          <Link to={`/resources/${resource.id}`} className="stretched-link">
            {resource.title}
          </Link>
        </Heading>
        <p className="resource-card__description">
          {truncate(resource.description, CARD_DESCRIPTION_LIMIT)}
        </p>
        <div className="resource-card__footer">
          {author ? (
            <div className="author">
              <Avatar
                key={resource.authorImage}
                src={resource.authorImage}
                fallback={author.charAt(0).toUpperCase()}
                size="sm"
              />
              <div className="author__text">
                <span className="author__name">{author}</span>
                {resource.authorTitle ? (
                  <span className="author__title">{resource.authorTitle}</span>
                ) : null}
              </div>
            </div>
          ) : (
            <span />
          )}
          {resource.readTime > 0 ? (
            <span className="meta-item">
              <Clock aria-hidden="true" size={14} />
              {formatReadTime(resource.readTime)}
            </span>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** ResourceCardSkeleton is the grey shape of a card while the list loads. */
export function ResourceCardSkeleton() {
  return (
    <div className="card resource-card resource-card--skeleton" aria-hidden="true">
      <div className="skeleton resource-card__media" />
      <div className="resource-card__body">
        <div className="skeleton skeleton--line skeleton--w60" />
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line skeleton--w80" />
      </div>
    </div>
  );
}
