import { ArrowRight } from "lucide-react";
import { Link } from "react-router-dom";
import { FallbackImage } from "@/components/ui/fallback-image";
import { ErrorPanel } from "@/components/ui/error-panel";
import type { Resource } from "@/gen/rentproof/resource/v1/resource_pb";
import { errorTypeFromError } from "@/lib/errors";
import { truncate } from "@/lib/text";
import { RESOURCE_CATEGORIES } from "@/lib/vocab";
import { useHomeResources } from "../api/use-home-data";

/** The cover shown for a resource without one or with a broken one. */
const DEFAULT_COVER = "/images/default-resource.svg";

function HomeResourceCard({ resource }: { resource: Resource }) {
  return (
    <article className="card home-resource">
      <FallbackImage
        key={resource.coverImage}
        src={resource.coverImage}
        fallback={DEFAULT_COVER}
        className="home-resource__image"
        width={640}
        height={360}
      />
      <div className="home-resource__body">
        <span className="badge badge--category">{RESOURCE_CATEGORIES.label(resource.category) ?? resource.category}</span>
        <h3 className="home-resource__title">
          <Link to={`/resources/${resource.id}`} className="stretched-link">
            {resource.title}
          </Link>
        </h3>
        <p className="home-resource__text">{truncate(resource.description, 120)}</p>
      </div>
    </article>
  );
}

/** HomeResources shows the first three housing resources. */
export function HomeResources() {
  const result = useHomeResources();
  let body;
  if (result.isPending) {
    body = <div className="skeleton home-resources__skeleton" role="status" aria-label="Loading resources" />;
  } else if (result.isError) {
    body = (
      <ErrorPanel
        type={errorTypeFromError(result.error)}
        message="Resources could not be loaded."
        onRetry={() => void result.refetch()}
        retrying={result.isFetching}
      />
    );
  } else {
    body = (
      <ul className="home-resources__grid">
        {result.data.map((resource) => (
          <li key={resource.id}>
            <HomeResourceCard resource={resource} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section className="section home-section" aria-labelledby="home-resources-title">
      <div className="container">
        <div className="home-section__header">
          <div>
            <h2 id="home-resources-title" className="section__title">
              Housing Resources
            </h2>
            <p className="section__subtitle">Guides for tenants and landlords, from deposits to leases.</p>
          </div>
          <Link to="/resources" className="arrow-link">
            Explore all resources <ArrowRight aria-hidden="true" size={16} />
          </Link>
        </div>
        {body}
      </div>
    </section>
  );
}
