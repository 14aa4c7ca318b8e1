import { z } from "zod";
import type { Property } from "@/gen/rentproof/property/v1/property_pb";
import { DEFAULT_CURRENCY } from "@/lib/currency";
import { integer, oneOf, parseInteger, text } from "@/lib/validation";
import { AMENITIES, AREA_UNITS, CURRENCIES, LIMITS, PROPERTY_TYPES } from "@/lib/vocab";

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
  /** The listing's IANA time zone ("" : the server's default for the country). */
  timeZone: string;
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
  timeZone: "",
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

/** Bounds the contract does not hold: the server's room counts, and caps that keep numbers in 32 bits. */
export const NUMBER_LIMITS = {
  rooms: [0, 50],
  maxRent: 100_000_000,
  maxArea: 10_000_000,
  firstYear: 1500,
} as const;

const { property } = LIMITS;

function coordinate(limit: 90 | 180, name: string) {
  const message = `${name} must be between -${limit} and ${limit}`;
  return z.string().refine((text) => {
    if (!text.trim()) return true;
    const n = Number(text);
    return Number.isFinite(n) && Math.abs(n) <= limit;
  }, message);
}

const rooms = integer(z.number().min(NUMBER_LIMITS.rooms[0]).max(NUMBER_LIMITS.rooms[1]));

/**
 * propertySchema checks the form with the rules and messages of SPEC §5 "Add property"
 * (country, rent, year, area), the server's messages for title and description (SPEC
 * gives none), zod's generic messages and the contract's bounds for the rest. Text is counted in characters, after trimming, as the server counts it.
 */
export function propertySchema(now: Date = new Date()) {
  return z.object({
    // Named messages, the server's own (vocab.Field.CheckText): zod's generic wording read like a bug here.
    title: text({
      limits: property.title,
      tooShort: `Title must be at least ${property.title.minChars} characters`,
      tooLong: `Title must be at most ${property.title.maxChars} characters`,
    }),
    description: text({
      limits: property.description,
      tooShort: `Description must be at least ${property.description.minChars} characters`,
      tooLong: `Description must be at most ${property.description.maxChars} characters`,
    }),
    propertyType: oneOf(PROPERTY_TYPES),
    monthlyRent: integer(z.number().gt(0, "Rent must be greater than 0").max(NUMBER_LIMITS.maxRent), 0),
    currency: oneOf(CURRENCIES),
    address: text({ limits: property.address, required: true }),
    locality: text({ limits: property.locality }),
    city: text({ limits: property.city, required: true }),
    state: text({ limits: property.state }),
    zipCode: text({ limits: property.zipCode }),
    country: text({ limits: property.country, tooShort: `Country must be at least ${property.country.minChars} characters` }),
    // The server checks the name against its zone database; the picker offers only known ones.
    timeZone: z.string(),
    latitude: coordinate(90, "Latitude"),
    longitude: coordinate(180, "Longitude"),
    bedrooms: rooms,
    bathrooms: rooms,
    squareFeet: integer(z.number().min(1, "Square footage must be greater than 0").max(NUMBER_LIMITS.maxArea), 0),
    areaUnit: oneOf(AREA_UNITS),
    // Optional: blank is unknown.
    yearBuilt: z.string().superRefine((value, ctx) => {
      const year = parseInteger(value);
      if (year === null) return;
      if (year < NUMBER_LIMITS.firstYear) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Year must be valid" });
      else if (year > now.getFullYear()) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Year cannot be in the future" });
    }),
    petsAllowed: z.boolean(),
    furnished: z.boolean(),
    amenities: z.array(oneOf(AMENITIES)),
  });
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
    timeZone: v.timeZone,
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

/** valuesOfProperty fills the form with a stored listing (the edit form); unknown numbers are blank. */
export function valuesOfProperty(p: Property): PropertyFormValues {
  const number = (n: number) => (n ? String(n) : "");
  return {
    title: p.title,
    description: p.description,
    propertyType: p.propertyType,
    monthlyRent: number(p.monthlyRent),
    currency: p.currency || DEFAULT_CURRENCY,
    address: p.address,
    locality: p.locality,
    city: p.city,
    state: p.state,
    zipCode: p.zipCode,
    country: p.country,
    timeZone: p.timeZone,
    latitude: p.latitude,
    longitude: p.longitude,
    bedrooms: String(p.bedrooms),
    bathrooms: String(p.bathrooms),
    squareFeet: number(p.squareFeet),
    areaUnit: p.areaUnit || "sqft",
    yearBuilt: number(p.yearBuilt),
    petsAllowed: p.petsAllowed,
    furnished: p.furnished,
    amenities: p.amenities.filter((a) => AMENITIES.has(a)),
  };
}
