import { Building2, Globe2, MapPin, PenLine, Search } from "lucide-react";
import { Link, useParams } from "react-router-dom";
import { LazyImage } from "@/components/property-card/lazy-image";
import { PageHeader } from "@/components/layout/page-header";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Loading, QueryState } from "@/components/ui/query-state";
import { useInviteToList } from "@/components/use-invite-to-list";
import type { Property } from "@/gen/rentproof/property/v1/property_pb";
import { formatRent } from "@/lib/currency";
import { detectCountry, isPlausiblePostalCode, type LocationCountry } from "@/lib/postal-code";
import { DEFAULT_PROPERTY_IMAGE, IMAGE_FALLBACK, fullAddress } from "@/lib/property";
import { pluralize } from "@/lib/rating";
import { usePageTitle } from "@/lib/use-page-title";
import { usePropertiesByZip } from "../api/use-search-properties";
import "../properties.css";

const CODE_NAMES: Record<LocationCountry, string> = {
  "United States": "ZIP code",
  Canada: "postal code",
  "United Kingdom": "postcode",
  Global: "postal code",
};

/** LocationInfo is what the page knows of a place (SPEC §3 "Location derived on the client"). */
export interface LocationInfo {
  name: string;
  country: LocationCountry;
  exists: boolean;
}

/** locationInfo derives a place from its code and the properties found there. */
export function locationInfo(code: string, properties: Property[]): LocationInfo {
  const first = properties[0];
  const name = first ? [first.locality, first.city].filter(Boolean).join(", ") : code;
  return { name, country: detectCountry(code), exists: isPlausiblePostalCode(code) };
}

/** EAGER_CARDS is how many cards load their picture at once: the first row on a wide screen. */
const EAGER_CARDS = 3;

function LocationCard({ property: p, eager }: { property: Property; eager: boolean }) {
  return (
    <article className="card location-card" aria-labelledby={`location-card-${p.id}`}>
      <LazyImage
        eager={eager}
        src={p.images[0]}
        empty={DEFAULT_PROPERTY_IMAGE}
        fallback={IMAGE_FALLBACK}
        className="location-card__image"
        width={480}
        height={300}
      />
      <div className="location-card__body">
        <h2 id={`location-card-${p.id}`} className="location-card__title">
          {p.title}
        </h2>
        <p className="location-card__address">
          <MapPin aria-hidden="true" size={14} /> {fullAddress(p)}
        </p>
        <p className="location-card__rent">{formatRent(p.monthlyRent, p.currency)}</p>
        <Link to={`/properties/${p.id}`} className={buttonClass("outline", "sm", "stretched-link location-card__link")}>
          View Details<span className="visually-hidden">: {p.title}</span>
        </Link>
      </div>
    </article>
  );
}

/**
 * LocationCardsSkeleton is the first row of cards while the listings load. The build prerenders
 * it and the server puts the first listing's picture in its slot (internal/web/firstload.go),
 * so the page paints its main picture before any script runs.
 */
function LocationCardsSkeleton() {
  return (
    <Loading label="Loading properties">
      <ul className="property-grid" aria-hidden="true">
        {Array.from({ length: EAGER_CARDS }, (_, i) => (
          <li key={i}>
            <div className="card location-card">
              <div className="skeleton location-card__image" data-picture-slot={i === 0 ? "" : undefined} />
              <div className="location-card__body">
                <div className="skeleton skeleton--line skeleton--w80" />
                <div className="skeleton skeleton--line skeleton--w60" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </Loading>
  );
}

/**
 * LocationPage is /location/{zipcode} (SPEC §2 "Location page"): the properties of
 * one postal code, the country told from the code's format, SEO copy and calls to
 * action. A code that cannot be a postal code is "Location Not Found".
 */
export function LocationPage() {
  const { zipcode = "" } = useParams();
  const code = zipcode.trim();
  const valid = isPlausiblePostalCode(code);
  const result = usePropertiesByZip(code, valid);
  // A signed-in tenant cannot list: the page offers what they can do instead.
  const inviteToList = useInviteToList();
  const properties = result.data?.properties ?? [];
  const info = locationInfo(code, properties);
  const kind = CODE_NAMES[info.country];
  usePageTitle(valid ? `Properties in ${code}` : "Location Not Found");

  const crumbs = [
    { label: "Home", to: "/" },
    { label: "Find Properties", to: "/find-properties" },
    { label: valid ? code : "Location Not Found" },
  ];

  if (!info.exists) {
    return (
      <>
        <PageHeader title="Location Not Found" breadcrumb={crumbs} />
        <div className="container section">
          <EmptyState
            type="search"
            title="We don't know this location"
            message={`“${code}” is not a postal code we can look up. Search by city or ZIP code instead.`}
            action={
              <Link to="/find-properties" className={buttonClass("primary")}>
                Search All Properties
              </Link>
            }
          />
        </div>
      </>
    );
  }

  const body = (
    <QueryState
      query={result}
      loading={<LocationCardsSkeleton />}
      error={{
        title: "Failed to fetch properties",
        message: `We couldn't load the properties in ${code}. Reload the page to try again.`,
        onRetry: () => window.location.reload(),
      }}
      isEmpty={(data) => data.properties.length === 0}
      empty={
        <EmptyState
          type="properties"
          title={`No properties listed in ${code} yet`}
          message={
            inviteToList
              ? "Own or manage a rental here? Be the first to list it and help tenants find verified homes in this area."
              : "Search nearby places, or come back later: landlords add new homes every day."
          }
          action={
            inviteToList ? (
              <Link to="/add-property" className={buttonClass("primary")}>
                <Building2 aria-hidden="true" size={16} /> Add a Property
              </Link>
            ) : (
              <Link to="/find-properties" className={buttonClass("primary")}>
                <Search aria-hidden="true" size={16} /> Search All Properties
              </Link>
            )
          }
        />
      }
    >
      {(data) => {
        const total = data.totalCount;
        return (
          <>
            <p className="results-count">
              {pluralize(total, "property", "properties")} in {code}
            </p>
            <ul className="property-grid" aria-label={`Properties in ${code}`}>
              {data.properties.map((p, i) => (
                <li key={p.id}>
                  <LocationCard property={p} eager={i < EAGER_CARDS} />
                </li>
              ))}
            </ul>
            {total > data.properties.length ? (
              <p className="location-page__more">
                <Link to={`/find-properties?${new URLSearchParams({ zipCode: code })}`} className="arrow-link">
                  See all {total.toLocaleString("en-US")} properties in search
                </Link>
              </p>
            ) : null}
          </>
        );
      }}
    </QueryState>
  );

  return (
    <>
      <PageHeader title={`Properties in ${code}`} breadcrumb={crumbs}>
        <p className="location-page__meta">
          <span className="badge badge--category">
            <Globe2 aria-hidden="true" size={14} /> {info.country}
          </span>
          {info.name !== code ? <span>{info.name}</span> : null}
        </p>
      </PageHeader>
      <div className="container section location-page">
        {body}

        <section className="location-page__seo" aria-labelledby="location-about-title">
          <h2 id="location-about-title">Renting in {code}</h2>
          <p>
            Looking for a rental in the {kind} {code}
            {info.country === "Global" ? "" : ` (${info.country})`}? RentProof lists homes with ratings and reviews
            written by the people who lived in them, so you can compare apartments, houses and condos in {info.name}{" "}
            before you visit.
          </p>
          <p>
            Verified listings carry a badge once their details have been confirmed, and every rating shows how many
            tenants would recommend the place. Read what neighbours say about repairs, noise and the landlord, then
            shortlist the homes that suit you.
          </p>
        </section>

        <section className="cta-banner location-page__cta" aria-labelledby="location-cta-title">
          <div>
            <h2 id="location-cta-title">Know this area?</h2>
            <p>
              {inviteToList
                ? "List a property here, search other places, or join RentProof to review where you have lived."
                : "Search other places, or review a home you have rented here from its property page."}
            </p>
          </div>
          <div className="location-page__actions">
            {inviteToList ? (
              <Link to="/add-property" className={buttonClass("primary")}>
                <Building2 aria-hidden="true" size={16} /> Add Your Property
              </Link>
            ) : null}
            <Link to="/find-properties" className={buttonClass("outline")}>
              <Search aria-hidden="true" size={16} /> Search All Properties
            </Link>
            <Link to="/auth" className={buttonClass("outline")}>
              <PenLine aria-hidden="true" size={16} /> Sign Up to Write Reviews
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}
