import { Code } from "@connectrpc/connect";
import { ArrowLeft, CalendarDays, Clock, FileQuestion } from "lucide-react";
import { Link, useParams } from "react-router-dom";
import { Avatar } from "@/components/ui/avatar";
import { Breadcrumb } from "@/components/ui/breadcrumb";
import { buttonClass } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { FallbackImage } from "@/components/ui/fallback-image";
import type { Resource } from "@/gen/rentproof/resource/v1/resource_pb";
import { errorTypeFromError, isCode } from "@/lib/errors";
import { formatDate, formatReadTime, isoDate } from "@/lib/format";
import { Markdown } from "@/lib/markdown";
import { usePageTitle } from "@/lib/use-page-title";
import { parseResourceId, useResource } from "../api/use-resources";
import { DEFAULT_RESOURCE_COVER, categoryLabel } from "../categories";

function BackLink() {
  return (
    <Link to="/resources" className="back-link">
      <ArrowLeft aria-hidden="true" size={16} /> Back to Resources
    </Link>
  );
}

/** ResourceNotFound is shown for an id that is not a number or names no resource. */
export function ResourceNotFound() {
  usePageTitle("Resource Not Found");
  return (
    <div className="container section">
      <section className="state-panel" aria-labelledby="resource-not-found">
        <FileQuestion className="state-panel__icon" aria-hidden="true" size={48} />
        <h1 id="resource-not-found" className="state-panel__title">
          Resource Not Found
        </h1>
        <p className="state-panel__message">
          The resource you are looking for does not exist or has been removed.
        </p>
        <Link to="/resources" className={buttonClass("primary")}>
          Back to Resources
        </Link>
      </section>
    </div>
  );
}

/** ResourceArticlePage is /resources/{id}: one article of the library. */
export function ResourceArticlePage() {
  const { id: rawId } = useParams();
  const id = parseResourceId(rawId);
  const result = useResource(id);

  if (id === null || isCode(result.error, Code.NotFound)) return <ResourceNotFound />;
  if (result.isError) return <ArticleError error={result.error} onRetry={() => void result.refetch()} />;
  if (result.isPending) return <ArticleSkeleton />;
  const resource = result.data.resource;
  if (!resource) return <ResourceNotFound />;
  return <ResourceArticle resource={resource} />;
}

/** ArticleSkeleton is the shape of an article while it loads; the build prerenders it as the page's first paint. */
function ArticleSkeleton() {
  return (
    <div className="article" role="status" aria-label="Loading resource">
      <div className="article__header" aria-hidden="true">
        <div className="container container--narrow">
          <div className="skeleton skeleton--line skeleton--w60" />
          <div className="skeleton article-skeleton__title" />
          <div className="skeleton skeleton--line skeleton--w80" />
        </div>
      </div>
      <div className="container container--narrow" aria-hidden="true">
        {/* The server puts the cover here when the page comes with the article (internal/web/firstload.go). */}
        <div className="skeleton article__cover" data-picture-slot="" />
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line skeleton--w80" />
        <div className="skeleton skeleton--line skeleton--w60" />
      </div>
    </div>
  );
}

function ArticleError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  usePageTitle("Resources");
  return (
    <div className="container section">
      <BackLink />
      <ErrorPanel type={errorTypeFromError(error)} onRetry={onRetry} />
    </div>
  );
}

/** ResourceArticle renders a loaded article. */
export function ResourceArticle({ resource }: { resource: Resource }) {
  usePageTitle(resource.title);
  const author = resource.authorName.trim();
  const published = resource.publishedAt;
  return (
    <article className="article">
      <header className="article__header">
        <div className="container container--narrow">
          <BackLink />
          <Breadcrumb
            items={[
              { label: "Home", to: "/" },
              { label: "Resources", to: "/resources" },
              { label: resource.title },
            ]}
          />
          <span className="badge badge--category">{categoryLabel(resource.category)}</span>
          <h1 className="article__title">{resource.title}</h1>
          {resource.description ? <p className="article__lead">{resource.description}</p> : null}
          <div className="article__meta">
            {author ? (
              <div className="author author--lg">
                <Avatar
                  src={resource.authorImage}
                  fallback={author.charAt(0).toUpperCase()}
                  size="md"
                />
                <div className="author__text">
                  <span className="author__name">{author}</span>
                  {resource.authorTitle ? <span className="author__title">{resource.authorTitle}</span> : null}
                </div>
              </div>
            ) : null}
            <ul className="article__facts">
              {published ? (
                <li className="meta-item">
                  <CalendarDays aria-hidden="true" size={16} />
                  <span>
                    Published <time dateTime={isoDate(published)}>{formatDate(published)}</time>
                  </span>
                </li>
              ) : null}
              {resource.readTime > 0 ? (
                <li className="meta-item">
                  <Clock aria-hidden="true" size={16} />
                  {formatReadTime(resource.readTime)}
                </li>
              ) : null}
            </ul>
          </div>
        </div>
      </header>

      <div className="container container--narrow">
        <FallbackImage
          key={resource.coverImage}
          src={resource.coverImage}
          fallback={DEFAULT_RESOURCE_COVER}
          className="article__cover"
          loading="eager"
          width={1200}
          height={630}
        />
        <div className="prose">
          <Markdown source={resource.content} />
        </div>
        {resource.tags.length > 0 ? (
          <ul className="tag-list" aria-label="Tags">
            {resource.tags.map((tag) => (
              <li key={tag} className="tag">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        <footer className="article__footer">
          <Link to="/resources" className={buttonClass("outline")}>
            Browse more resources
          </Link>
        </footer>
      </div>
    </article>
  );
}
