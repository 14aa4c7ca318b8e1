import type { Resource } from "@/gen/rentproof/resource/v1/resource_pb";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Loading, QueryState } from "@/components/ui/query-state";
import { useResources } from "../api/use-resources";
import { groupHeading, isTabCategory, type ResourceTab } from "../categories";
import { ResourceCard, ResourceCardSkeleton } from "./resource-card";

/** On the All tab each category group shows this many cards, then "View All". */
export const GROUP_PREVIEW_SIZE = 3;

interface ResourceResultsProps {
  tab: ResourceTab;
  query: string;
  onViewAll: (tab: ResourceTab) => void;
  onClearSearch: () => void;
}

/** ResourceResults loads and shows the resources of one tab for one search. */
export function ResourceResults({ tab, query, onViewAll, onClearSearch }: ResourceResultsProps) {
  const result = useResources(tab, query);

  return (
    <QueryState
      query={result}
      loading={
        <Loading label="Loading resources" className="resource-grid">
          {Array.from({ length: 6 }, (_, i) => (
            <ResourceCardSkeleton key={i} />
          ))}
        </Loading>
      }
    >
      {(data) => (
        <Resources
          resources={data.resources}
          busy={result.isPlaceholderData && result.isFetching}
          tab={tab}
          query={query}
          onViewAll={onViewAll}
          onClearSearch={onClearSearch}
        />
      )}
    </QueryState>
  );
}

/** Resources draws a loaded list: the count, then the cards (grouped by category on the All tab), or the empty state. */
function Resources({
  resources,
  busy,
  tab,
  query,
  onViewAll,
  onClearSearch,
}: ResourceResultsProps & { resources: Resource[]; busy: boolean }) {
  const count = (
    <p className="results-count" aria-live="polite">
      {busy
        ? "Searching…"
        : `Showing ${resources.length} ${resources.length === 1 ? "resource" : "resources"}${
            query ? ` for “${query}”` : ""
          }`}
    </p>
  );

  if (resources.length === 0) {
    return (
      <>
        {count}
        <EmptyState
          type="resources"
          message={
            query
              ? `Nothing matches “${query}”. Try a different search term or browse another category.`
              : "There are no resources in this category yet."
          }
          action={
            query ? (
              <Button variant="outline" onClick={onClearSearch}>
                Clear Search
              </Button>
            ) : tab !== "all" ? (
              <Button variant="outline" onClick={() => onViewAll("all")}>
                Browse All Resources
              </Button>
            ) : null
          }
        />
      </>
    );
  }

  if (tab !== "all") {
    return (
      <div aria-busy={busy}>
        {count}
        <ul className="resource-grid" aria-label={`${groupHeading(tab)} resources`}>
          {resources.map((resource) => (
            <li key={resource.id}>
              <ResourceCard resource={resource} />
            </li>
          ))}
        </ul>
      </div>
    );
  }

  return (
    <div aria-busy={busy}>
      {count}
      {groupByCategory(resources).map(([category, items]) => {
        const hasTab = isTabCategory(category);
        const shown = hasTab ? items.slice(0, GROUP_PREVIEW_SIZE) : items;
        const headingId = `resource-group-${category}`;
        return (
          <section key={category} className="resource-group" aria-labelledby={headingId}>
            <div className="resource-group__header">
              <h2 id={headingId} className="resource-group__title">
                {groupHeading(category)}
                <span className="resource-group__count">{items.length}</span>
              </h2>
              {hasTab ? (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`View All ${groupHeading(category)} resources`}
                  onClick={() => onViewAll(category)}
                >
                  View All <span aria-hidden="true">→</span>
                </Button>
              ) : null}
            </div>
            <ul className="resource-grid">
              {shown.map((resource) => (
                <li key={resource.id}>
                  <ResourceCard resource={resource} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

const GROUP_ORDER = ["tenant", "landlord", "market_trends", "legal"];

/**
 * groupByCategory groups resources by category, keeping the server's order inside a
 * group: the four tab categories first, then the others in order of appearance.
 */
export function groupByCategory(resources: Resource[]): [string, Resource[]][] {
  const groups = new Map<string, Resource[]>();
  for (const category of GROUP_ORDER) groups.set(category, []);
  for (const resource of resources) {
    const list = groups.get(resource.category);
    if (list) list.push(resource);
    else groups.set(resource.category, [resource]);
  }
  return [...groups].filter(([, items]) => items.length > 0);
}
