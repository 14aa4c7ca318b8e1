import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import {
  PropertySchema,
  PropertyService,
  RatingSummarySchema,
  type CreatePropertyRequest,
  type Property,
  type SearchPropertiesRequest,
  type SearchReading,
  type UpdatePropertyRequest,
} from "@/gen/rentproof/property/v1/property_pb";
import { ReviewerSchema, ReviewSchema, ReviewService, type Review } from "@/gen/rentproof/review/v1/review_pb";

type PropertyInit = Partial<Omit<Property, "$typeName" | "$unknown" | "ratingSummary">> & {
  /** Reviews per star, 1 to 5; the rating aggregates are computed from it. */
  stars?: [number, number, number, number, number];
};

/** makeProperty builds a property for fake services, its aggregates computed from `stars`. */
export function makeProperty({ stars = [0, 0, 1, 2, 3], ...overrides }: PropertyInit = {}): Property {
  const count = stars.reduce((a, b) => a + b, 0);
  const sum = stars.reduce((a, n, i) => a + n * (i + 1), 0);
  const average = count ? Math.round((sum / count) * 10) / 10 : 0;
  return create(PropertySchema, {
    id: 1,
    title: "Sunny Pre-War One-Bedroom in Chelsea",
    description: "A bright one-bedroom on the fifth floor of a 1928 elevator building.",
    address: "347 West 29th Street, Apt 5C",
    locality: "Chelsea",
    city: "New York",
    state: "NY",
    zipCode: "10001",
    country: "United States",
    propertyType: "apartment",
    monthlyRent: 4250,
    bedrooms: 1,
    bathrooms: 1,
    squareFeet: 650,
    areaUnit: "sqft",
    currency: "USD",
    landlordId: 2,
    verified: true,
    active: true,
    amenities: ["Hardwood Floors", "Elevator", "Great location", "Responsive landlord"],
    images: ["/images/demo/property-01-a.svg", "/images/demo/property-01-b.svg"],
    latitude: "40.7497",
    longitude: "-73.9973",
    yearBuilt: 1928,
    petsAllowed: true,
    createdAt: timestampFromDate(new Date("2025-01-10T00:00:00Z")),
    rating: average,
    ratingSummary: create(RatingSummarySchema, {
      average,
      count,
      recommendCount: stars[3] + stars[4],
      distribution: stars,
    }),
    ...overrides,
  });
}

/** SAMPLE_PROPERTIES are a few properties in several cities, types and currencies. */
export const SAMPLE_PROPERTIES: Property[] = [
  makeProperty({ id: 1 }),
  makeProperty({
    id: 2,
    title: "Greystone Two-Bedroom Condo near Oz Park",
    address: "2140 North Lincoln Avenue",
    locality: "Lincoln Park",
    city: "Chicago",
    state: "IL",
    zipCode: "60614",
    propertyType: "condo",
    monthlyRent: 2650,
    bedrooms: 2,
    bathrooms: 2,
    squareFeet: 1100,
    verified: false,
    amenities: ["In-unit Laundry", "Energy efficient"],
    images: [],
    stars: [0, 0, 0, 1, 1],
    createdAt: timestampFromDate(new Date("2025-03-01T00:00:00Z")),
  }),
  makeProperty({
    id: 3,
    title: "Mansion-Block Flat in St James's",
    address: "12 Jermyn Street",
    locality: "St James's",
    city: "London",
    state: "",
    zipCode: "SW1A 1AA",
    country: "United Kingdom",
    propertyType: "apartment",
    monthlyRent: 4950,
    currency: "GBP",
    bedrooms: 2,
    bathrooms: 1,
    squareFeet: 78,
    areaUnit: "sqm",
    verified: true,
    stars: [0, 0, 0, 0, 4],
    createdAt: timestampFromDate(new Date("2024-11-20T00:00:00Z")),
  }),
  makeProperty({
    id: 4,
    title: "Family House near Shimokitazawa",
    address: "2-14-6 Kitazawa",
    locality: "Setagaya",
    city: "Tokyo",
    state: "Tokyo",
    zipCode: "155-0033",
    country: "Japan",
    propertyType: "house",
    monthlyRent: 330000,
    currency: "JPY",
    bedrooms: 3,
    bathrooms: 2,
    squareFeet: 0,
    areaUnit: "sqm",
    verified: false,
    amenities: [],
    stars: [0, 0, 0, 0, 0],
    createdAt: timestampFromDate(new Date("2025-04-02T00:00:00Z")),
  }),
];

/** makeReview builds a review for fake services. */
export function makeReview(overrides: Partial<Omit<Review, "$typeName" | "$unknown">> = {}): Review {
  return create(ReviewSchema, {
    id: 1,
    propertyId: 1,
    userId: 9,
    rating: 5,
    title: "Quiet, bright and well run",
    content: "The super fixed a leaking tap the same afternoon. Great light all year.",
    reviewType: "tenant_to_property",
    language: "en",
    createdAt: timestampFromDate(new Date(Date.now() - 3 * 24 * 3600 * 1000)),
    reviewer: create(ReviewerSchema, { id: 9, firstName: "Maya", lastName: "Chen" }),
    propertyTitle: "Sunny Pre-War One-Bedroom in Chelsea",
    ...overrides,
  });
}

/** SAMPLE_REVIEWS are recent reviews, newest first. */
export const SAMPLE_REVIEWS: Review[] = [
  makeReview({ id: 11 }),
  makeReview({
    id: 10,
    propertyId: 3,
    rating: 4,
    title: "Lovely flat, slow repairs",
    content: "Beautiful rooms in a great spot; the boiler took a week to fix.",
    reviewer: create(ReviewerSchema, { id: 10, firstName: "Tom", lastName: "Baker" }),
    propertyTitle: "Mansion-Block Flat in St James's",
  }),
  makeReview({ id: 9, propertyId: 2, title: "Third review", reviewer: undefined }),
];

const compact = (s: string) => s.replace(/[\s-]+/g, "").toLowerCase();

/** SQFT_PER_SQM converts square metres to square feet, as the server's area filter does. */
const SQFT_PER_SQM = 10.7639;

/** areaSqft is a listing's area in square feet; 0 when it has none (then no area filter keeps it). */
const areaSqft = (p: Property) => (p.areaUnit === "sqm" ? p.squareFeet * SQFT_PER_SQM : p.squareFeet);

/**
 * searchProperties filters, sorts and pages properties the way the server does: the place and
 * text (matched plainly: the fake reads no line), type, verified, rent within a currency,
 * bedrooms and bathrooms at least, pets, furnished and area at least in either unit; with a
 * currency, otherCurrencyCount counts what matches everything else in another currency.
 */
export function searchProperties(all: Property[], req: SearchPropertiesRequest) {
  const q = req.query.trim().toLowerCase();
  const minSqft = req.minArea > 0 ? (req.areaUnit === "sqm" ? req.minArea * SQFT_PER_SQM : req.minArea) : 0;
  const currency = req.currency.trim().toUpperCase();
  const others = all.filter(
    (p) =>
      (!req.city || p.city.toLowerCase() === req.city.trim().toLowerCase()) &&
      (!req.zipCode || compact(p.zipCode) === compact(req.zipCode)) &&
      (!req.propertyType || req.propertyType === "all" || p.propertyType === req.propertyType) &&
      (!req.verifiedOnly || p.verified) &&
      (!q || [p.title, p.address, p.locality, p.city].some((f) => f.toLowerCase().includes(q))) &&
      p.bedrooms >= req.minBedrooms &&
      p.bathrooms >= req.minBathrooms &&
      (!req.petsAllowed || p.petsAllowed) &&
      (!req.verifiedReviewsOnly || p.verifiedReviewCount > 0) &&
      (!req.furnished || p.furnished) &&
      (minSqft === 0 || (p.squareFeet > 0 && areaSqft(p) >= minSqft)),
  );
  const matches = others.filter(
    (p) =>
      (!currency || p.currency === currency) &&
      (req.minRent <= 0 || p.monthlyRent >= req.minRent) &&
      (req.maxRent <= 0 || p.monthlyRent <= req.maxRent),
  );
  const otherCurrencyCount = currency ? Math.min(others.filter((p) => p.currency !== currency).length, 1000) : 0;
  const count = (p: Property) => p.ratingSummary?.count ?? 0;
  const created = (p: Property) => Number(p.createdAt?.seconds ?? 0n);
  const sorters: Record<string, (a: Property, b: Property) => number> = {
    highestRated: (a, b) => b.rating - a.rating || b.id - a.id,
    mostReviews: (a, b) => count(b) - count(a) || b.id - a.id,
    newestListed: (a, b) => created(b) - created(a) || b.id - a.id,
    priceLowHigh: (a, b) => a.currency.localeCompare(b.currency) || a.monthlyRent - b.monthlyRent || a.id - b.id,
    priceHighLow: (a, b) => a.currency.localeCompare(b.currency) || b.monthlyRent - a.monthlyRent || a.id - b.id,
    featured: (a, b) =>
      Number(b.verified) - Number(a.verified) || b.rating - a.rating || count(b) - count(a) || a.id - b.id,
  };
  matches.sort(sorters[req.sortBy] ?? sorters.featured);
  const pageSize = Math.min(req.pageSize || 12, 50);
  const page = Math.max(req.page || 1, 1);
  return {
    properties: matches.slice((page - 1) * pageSize, page * pageSize),
    totalCount: Math.min(matches.length, 1000),
    totalCapped: matches.length > 1000,
    page,
    pageSize,
    matchedCity: "",
    otherCurrencyCount,
  };
}

type SearchAnswer = ReturnType<typeof searchProperties>;

/** SearchReadingInit is a reading an onSearch answer may carry (how the server read the line). */
export type SearchReadingInit = Partial<Pick<SearchReading, "place" | "zipCode" | "propertyType" | "query">>;

/** SearchOverride is what an onSearch may replace of the fake's answer (nothing: void). */
type SearchOverride = void | (Partial<SearchAnswer> & { reading?: SearchReadingInit });

/** PropertyFakeOptions configure servePropertyFakes. */
export interface PropertyFakeOptions {
  properties?: Property[];
  reviews?: Review[];
  /**
   * Called with every SearchProperties request; may throw to fail it, wait, or return
   * fields that replace those of the answer (totalCount, totalCapped, matchedCity, reading…).
   */
  onSearch?: (req: SearchPropertiesRequest) => SearchOverride | Promise<SearchOverride>;
  /** Answers CreateProperty; by default echoes the request as property 99. */
  onCreate?: (req: CreatePropertyRequest) => Property;
  /** Answers UpdateProperty; by default the listing as changed, verification kept. */
  onUpdate?: (req: UpdatePropertyRequest) => { property: Property; verificationRemoved?: boolean };
}

/**
 * servePropertyFakes adds in-memory PropertyService and ReviewService to a fake
 * router: use it as fakeTransport's `extra`.
 */
export function servePropertyFakes({
  properties = SAMPLE_PROPERTIES,
  reviews = SAMPLE_REVIEWS,
  onSearch,
  onCreate,
  onUpdate,
}: PropertyFakeOptions = {}) {
  return (router: ConnectRouter) => {
    router.service(PropertyService, {
      getProperty(req) {
        const found = properties.find((p) => p.id === req.id);
        if (!found) throw new ConnectError("property not found", Code.NotFound);
        return { property: found };
      },
      batchGetProperties(req) {
        return {
          properties: Object.fromEntries(
            properties.filter((p) => req.ids.includes(p.id)).map((p) => [p.id, p]),
          ),
        };
      },
      async searchProperties(req) {
        const override = await onSearch?.(req);
        return { ...searchProperties(properties, req), ...(override ?? {}) };
      },
      listSimilarProperties(req) {
        const ref = properties.find((p) => p.id === req.propertyId);
        return {
          properties: properties
            .filter((p) => ref && p.id !== ref.id && p.city === ref.city)
            .slice(0, req.limit || 3),
        };
      },
      createProperty(req) {
        const { $typeName: _t, $unknown: _u, ...fields } = req;
        return { property: onCreate ? onCreate(req) : makeProperty({ ...fields, id: 99, verified: false }) };
      },
      updateProperty(req) {
        if (onUpdate) return onUpdate(req);
        const { $typeName: _t, $unknown: _u, ...fields } = req.listing ?? {};
        return { property: makeProperty({ ...fields, id: req.id }) };
      },
    });
    router.service(ReviewService, {
      listRecentReviews(req) {
        return { reviews: reviews.slice(0, req.limit || 10) };
      },
      listPropertyReviews(req) {
        return { reviews: reviews.filter((r) => r.propertyId === req.propertyId) };
      },
    });
  };
}
