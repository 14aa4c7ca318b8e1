import { DEFAULT_CURRENCY, isSupportedCurrency } from "@/lib/currency";
import { isPropertyType } from "@/lib/property";

/** PropertyFormValues are the add-property form's inputs, as typed. */
export interface PropertyFormValues {
  title: string;
  description: string;
  propertyType: string;
  monthlyRent: string;
  currency: string;
  address: string;
  locality: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  latitude: string;
  longitude: string;
  bedrooms: string;
  bathrooms: string;
  squareFeet: string;
  areaUnit: string;
  yearBuilt: string;
  petsAllowed: boolean;
  furnished: boolean;
  amenities: string[];
}

/** PropertyField names one input of the form. */
export type PropertyField = keyof PropertyFormValues;

/** The form's starting values (SPEC §9: United States, USD, sqft, 1 bedroom, 1 bathroom). */
export const DEFAULT_PROPERTY_VALUES: PropertyFormValues = {
  title: "",
  description: "",
  propertyType: "apartment",
  monthlyRent: "",
  currency: DEFAULT_CURRENCY,
  address: "",
  locality: "",
  city: "",
  state: "",
  zipCode: "",
  country: "United States",
  latitude: "",
  longitude: "",
  bedrooms: "1",
  bathrooms: "1",
  squareFeet: "",
  areaUnit: "sqft",
  yearBuilt: "",
  petsAllowed: false,
  furnished: false,
  amenities: [],
};

/** The order in which fields appear, used to focus the first invalid one. */
export const FIELD_ORDER: PropertyField[] = [
  "title",
  "description",
  "propertyType",
  "monthlyRent",
  "currency",
  "address",
  "locality",
  "city",
  "state",
  "zipCode",
  "country",
  "latitude",
  "longitude",
  "bedrooms",
  "bathrooms",
  "squareFeet",
  "areaUnit",
  "yearBuilt",
];

/** The bounds of the text fields (the server enforces the same). */
export const LIMITS = {
  title: [5, 100],
  description: [20, 5000],
  rooms: [0, 50],
  /** Upper bounds that keep numbers inside the API's 32-bit integers. */
  maxRent: 100_000_000,
  maxArea: 10_000_000,
} as const;

/** parseInteger reads a number input as an integer (SPEC §5), or null when it is blank or not a number. */
export function parseInteger(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const n = Number.parseInt(trimmed, 10);
  return Number.isNaN(n) ? null : n;
}

function lengthError(value: string, [min, max]: readonly [number, number]): string | undefined {
  const n = value.trim().length;
  if (n < min) return `String must contain at least ${min} character(s)`;
  if (n > max) return `String must contain at most ${max} character(s)`;
  return undefined;
}

function roomsError(text: string): string | undefined {
  const n = parseInteger(text);
  if (n === null) return "Required";
  if (n < LIMITS.rooms[0]) return `Number must be greater than or equal to ${LIMITS.rooms[0]}`;
  if (n > LIMITS.rooms[1]) return `Number must be less than or equal to ${LIMITS.rooms[1]}`;
  return undefined;
}

function coordinateError(text: string, limit: 90 | 180, name: string): string | undefined {
  if (!text.trim()) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || Math.abs(n) > limit) return `${name} must be between -${limit} and ${limit}`;
  return undefined;
}

/**
 * validateProperty checks the form with the rules and messages of SPEC §5 "Add
 * property" (country, rent, year, area) and the server's bounds for the rest, and
 * returns one message per invalid field.
 */
export function validateProperty(v: PropertyFormValues, now: Date = new Date()): Partial<Record<PropertyField, string>> {
  const errors: Partial<Record<PropertyField, string>> = {};
  const set = (field: PropertyField, message: string | undefined) => {
    if (message) errors[field] = message;
  };

  set("title", lengthError(v.title, LIMITS.title));
  set("description", lengthError(v.description, LIMITS.description));
  if (!isPropertyType(v.propertyType)) set("propertyType", "Invalid input");

  const rent = parseInteger(v.monthlyRent);
  if (rent === null || rent <= 0) set("monthlyRent", "Rent must be greater than 0");
  else if (rent > LIMITS.maxRent) set("monthlyRent", `Number must be less than or equal to ${LIMITS.maxRent}`);
  if (!isSupportedCurrency(v.currency)) set("currency", "Invalid input");

  if (!v.address.trim()) set("address", "Required");
  if (!v.city.trim()) set("city", "Required");
  if (v.country.trim().length < 2) set("country", "Country must be at least 2 characters");
  set("latitude", coordinateError(v.latitude, 90, "Latitude"));
  set("longitude", coordinateError(v.longitude, 180, "Longitude"));

  set("bedrooms", roomsError(v.bedrooms));
  set("bathrooms", roomsError(v.bathrooms));
  const area = parseInteger(v.squareFeet);
  if (area === null || area < 1) set("squareFeet", "Square footage must be greater than 0");
  else if (area > LIMITS.maxArea) set("squareFeet", `Number must be less than or equal to ${LIMITS.maxArea}`);
  if (v.areaUnit !== "sqft" && v.areaUnit !== "sqm") set("areaUnit", "Invalid input");

  const year = parseInteger(v.yearBuilt);
  if (year !== null) {
    if (year < 1500) set("yearBuilt", "Year must be valid");
    else if (year > now.getFullYear()) set("yearBuilt", "Year cannot be in the future");
  }
  return errors;
}

/** toCreateRequest turns valid form values and the uploaded image URLs into a CreateProperty request. */
export function toCreateRequest(v: PropertyFormValues, images: string[]) {
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    propertyType: v.propertyType,
    monthlyRent: parseInteger(v.monthlyRent) ?? 0,
    currency: v.currency,
    address: v.address.trim(),
    locality: v.locality.trim(),
    city: v.city.trim(),
    state: v.state.trim(),
    zipCode: v.zipCode.trim(),
    country: v.country.trim(),
    latitude: v.latitude.trim(),
    longitude: v.longitude.trim(),
    bedrooms: parseInteger(v.bedrooms) ?? 0,
    bathrooms: parseInteger(v.bathrooms) ?? 0,
    squareFeet: parseInteger(v.squareFeet) ?? 0,
    areaUnit: v.areaUnit,
    yearBuilt: parseInteger(v.yearBuilt) ?? 0,
    petsAllowed: v.petsAllowed,
    furnished: v.furnished,
    amenities: v.amenities,
    images,
  };
}

/** The roles that may list a property (a tenant may not). */
export const LISTING_ROLES = ["landlord", "agent", "property_manager", "admin"] as const;

/** canListProperties tells whether a role may list properties. */
export function canListProperties(role: string): boolean {
  return (LISTING_ROLES as readonly string[]).includes(role);
}
