import { ArrowRight } from "lucide-react";
import { Link } from "react-router-dom";
import { FallbackImage } from "@/components/ui/fallback-image";
import { Loading, QueryState } from "@/components/ui/query-state";
import type { Resource } from "@/gen/rentproof/resource/v1/resource_pb";
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
  const body = (
    <QueryState
      query={result}
      loading={<Loading label="Loading resources" className="skeleton home-resources__skeleton" />}
      error="Resources could not be loaded."
    >
      {(resources) => (
        <ul className="home-resources__grid">
          {resources.map((resource) => (
            <li key={resource.id}>
              <HomeResourceCard resource={resource} />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
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
