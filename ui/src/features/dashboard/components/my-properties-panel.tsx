import { Bath, BedDouble, Eye, Pencil, Plus, Ruler } from "lucide-react";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { Button, buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryState } from "@/components/ui/query-state";
import type { Property } from "@/gen/rentproof/property/v1/property_pb";
import { formatRent } from "@/lib/currency";
import { isoDate } from "@/lib/format";
import { formatArea, fullAddress } from "@/lib/property";
import { pluralize } from "@/lib/rating";
import { timeAgo } from "@/lib/relative-time";
import { MY_PROPERTIES_PAGE_SIZE, useMyProperties } from "../api/use-dashboard";
import { ListSearch } from "./list-search";
import { ListSkeleton } from "./list-skeleton";
import { Pager } from "./pager";

/**
 * useMyPropertiesList is a searchable, paged list of the user's listings with its empty and
 * error states, which My Properties (rows) and My Listings (cards) draw each their own way.
 */
function useMyPropertiesList() {
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [searchKey, setSearchKey] = useState(0);
  const list = useMyProperties(query, page);
  const search = (q: string) => {
    setQuery(q);
    setPage(1);
  };
  const clear = () => {
    search("");
    setSearchKey((k) => k + 1);
  };
  return { query, page, setPage, searchKey, list, search, clear };
}

/** MyPropertiesList draws the search, the states and, once there are listings, `children`. */
function MyPropertiesList({
  children,
  state,
}: {
  children: (properties: Property[]) => ReactNode;
  state: ReturnType<typeof useMyPropertiesList>;
}) {
  const { query, page, setPage, searchKey, list, search, clear } = state;
  const body = (
    <QueryState
      query={list}
      loading={<ListSkeleton label="Loading your properties" />}
      error="Your properties could not be loaded."
      isEmpty={(data) => data.properties.length === 0}
      empty={
        query ? (
          <EmptyState
            type="search"
            headingLevel={3}
            title="No properties found"
            message={`None of your properties matches "${query}" in its title, address or city.`}
            action={
              <Button variant="outline" onClick={clear}>
                Clear Search
              </Button>
            }
          />
        ) : (
          <EmptyState
            type="properties"
            headingLevel={3}
            title="No properties yet"
            message="You haven't listed any properties yet. Add one and start collecting verified reviews."
            action={
              <Link to="/add-property" className={buttonClass("primary")}>
                <Plus aria-hidden="true" size={16} /> Add Property
              </Link>
            }
          />
        )
      }
    >
      {(data) => (
        <>
          <p className="muted dashboard-list__count" aria-live="polite">
            {query
              ? `${pluralize(data.totalCount, "property", "properties")} ${data.totalCount === 1 ? "matches" : "match"} "${query}"`
              : pluralize(data.totalCount, "property", "properties")}
          </p>
          <div aria-busy={list.isPlaceholderData || undefined}>{children(data.properties)}</div>
          <Pager page={page} pageSize={MY_PROPERTIES_PAGE_SIZE} total={data.totalCount} onPage={setPage} noun="properties" />
        </>
      )}
    </QueryState>
  );
  return (
    <div className="dashboard-tab">
      <ListSearch
        key={searchKey}
        initial={query}
        onSearch={search}
        label="Search my properties"
        placeholder="Search by title, address or city"
      />
      {body}
    </div>
  );
}

/**
 * MyPropertiesPanel is the landlord dashboard's My Properties tab (SPEC §2): the user's listings,
 * newest first, searchable by title, address or city, each row with its address, rent, Verified or
 * Pending badge, beds, baths, area, when it was listed, and View and Edit links.
 */
export function MyPropertiesPanel() {
  const state = useMyPropertiesList();
  return (
    <MyPropertiesList state={state}>
      {(properties) => (
        <ul className="dashboard-list" aria-label="My properties">
          {properties.map((p) => (
            <PropertyRow key={p.id} property={p} />
          ))}
        </ul>
      )}
    </MyPropertiesList>
  );
}

/** MyListingsPanel is the landlord dashboard's My Listings tab: the same list as cards, drawn by `card`. */
export function MyListingsPanel({ card }: { card: (p: Property) => ReactNode }) {
  const state = useMyPropertiesList();
  return (
    <MyPropertiesList state={state}>
      {(properties) => (
        <ul className="property-grid dashboard-cards" aria-label="My listings">
          {properties.map((p) => (
            <li key={p.id}>{card(p)}</li>
          ))}
        </ul>
      )}
    </MyPropertiesList>
  );
}

function PropertyRow({ property: p }: { property: Property }) {
  const listed = p.createdAt ? timestampDate(p.createdAt) : undefined;
  return (
    <li className="dashboard-row property-row">
      <div className="dashboard-row__head">
        <h3 className="dashboard-row__title" dir="auto">
          {p.title}
        </h3>
        <span className={`badge dashboard-badge dashboard-badge--${p.verified ? "good" : "wait"}`}>
          {p.verified ? "Verified" : "Pending"}
        </span>
      </div>
      <p className="dashboard-row__meta">{fullAddress(p)}</p>
      <p className="property-row__facts">
        <strong>{formatRent(p.monthlyRent, p.currency)}</strong>
        <span className="meta-item">
          <BedDouble aria-hidden="true" size={16} /> {pluralize(p.bedrooms, "bed")}
        </span>
        <span className="meta-item">
          <Bath aria-hidden="true" size={16} /> {pluralize(p.bathrooms, "bath")}
        </span>
        <span className="meta-item">
          <Ruler aria-hidden="true" size={16} /> {formatArea(p.squareFeet, p.areaUnit)}
        </span>
        {listed ? (
          <span className="meta-item">
            Listed <time dateTime={isoDate(p.createdAt)}>{timeAgo(listed)}</time>
          </span>
        ) : null}
      </p>
      <div className="property-row__actions">
        <Link to={`/properties/${p.id}`} className={buttonClass("outline", "sm")} aria-label={`View: ${p.title}`}>
          <Eye aria-hidden="true" size={16} /> View
        </Link>
        <Link to={`/properties/${p.id}/edit`} className={buttonClass("outline", "sm")} aria-label={`Edit: ${p.title}`}>
          <Pencil aria-hidden="true" size={16} /> Edit
        </Link>
      </div>
    </li>
  );
}
