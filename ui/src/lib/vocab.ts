/**
 * The contract's vocabularies and limits (proto/rentproof/vocab/v1): the allowed values of
 * fields such as propertyType or currency, with their labels, and the lengths and counts of
 * text and list fields. They are declared once, as (rentproof.vocab.v1.rules) options on the
 * request fields, and read here from the generated descriptors; the server reads the same
 * options (internal/vocab). Lengths count characters (code points): see charCount.
 */
import { getOption, hasOption, type DescField, type DescFile, type DescMessage } from "@bufbuild/protobuf";
import {
  FindAccountRequestSchema,
  LoginRequestSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  SetSecurityQuestionsRequestSchema,
  file_rentproof_account_v1_account,
} from "@/gen/rentproof/account/v1/account_pb";
import {
  CreatePropertyRequestSchema,
  file_rentproof_property_v1_property,
} from "@/gen/rentproof/property/v1/property_pb";
import { ResourceSchema, file_rentproof_resource_v1_resource } from "@/gen/rentproof/resource/v1/resource_pb";
import {
  CreateReviewRequestSchema,
  ReportReviewRequestSchema,
  RespondToReviewRequestSchema,
  file_rentproof_review_v1_review,
} from "@/gen/rentproof/review/v1/review_pb";
import { rules } from "@/gen/rentproof/vocab/v1/vocab_pb";

/** Term is one allowed value and the text a person sees for it. */
export interface Term {
  readonly value: string;
  /** The display text: the contract's label, or the value itself when it has none. */
  readonly label: string;
}

/** Vocabulary is a named list of allowed values, in SPEC order. */
export interface Vocabulary {
  readonly name: string;
  readonly terms: readonly Term[];
  readonly values: readonly string[];
  /** has tells whether a value is one of the vocabulary's. */
  has(value: string): boolean;
  /** label is a value's display text, or undefined for a value outside the vocabulary. */
  label(value: string): string | undefined;
}

/** FieldRules are what one field accepts; a zero bound is no bound. */
export interface FieldRules {
  readonly vocabulary: Vocabulary | undefined;
  readonly minChars: number;
  readonly maxChars: number;
  readonly minItems: number;
  readonly maxItems: number;
}

function makeVocabulary(name: string, terms: Term[]): Vocabulary {
  const labels = new Map(terms.map((t) => [t.value, t.label]));
  return {
    name,
    terms,
    values: terms.map((t) => t.value),
    has: (value) => labels.has(value),
    label: (value) => labels.get(value),
  };
}

function messagesOf(file: DescFile): DescMessage[] {
  const out: DescMessage[] = [];
  const walk = (m: DescMessage) => {
    out.push(m);
    m.nestedMessages.forEach(walk);
  };
  file.messages.forEach(walk);
  return out;
}

/** Every field of the contract that declares rules, read once when the app starts. */
const declared: DescField[] = [
  file_rentproof_account_v1_account,
  file_rentproof_property_v1_property,
  file_rentproof_resource_v1_resource,
  file_rentproof_review_v1_review,
]
  .flatMap(messagesOf)
  .flatMap((m) => m.fields)
  .filter((f) => hasOption(f, rules));

/** declaredVocabulary is the vocabulary whose values a field's rules list, or undefined when they list none. */
function declaredVocabulary(r: { vocabulary: string; values: { value: string; label: string }[] }): Vocabulary | undefined {
  if (r.values.length === 0) return undefined;
  return makeVocabulary(
    r.vocabulary,
    r.values.map((t) => ({ value: t.value, label: t.label || t.value })),
  );
}

/**
 * Each declared field's rules, decoded once: decoding a field's options is the costly part (on a
 * slow phone the forms' limits below, decoded again, took ~30 ms of every page's start).
 */
const declaredRules = new Map(declared.map((field) => [field, getOption(field, rules)]));

const vocabularies = new Map<string, Vocabulary>();
for (const r of declaredRules.values()) {
  const v = declaredVocabulary(r);
  if (v) vocabularies.set(r.vocabulary, v);
}

function vocabulary(name: string): Vocabulary {
  const v = vocabularies.get(name);
  if (!v) throw new Error(`vocab: the contract declares no vocabulary ${name}`);
  return v;
}

/**
 * rulesOf returns the rules declared on a message's field (by its TypeScript name). A field of a
 * file not read above (a feature's own contract, loaded with its screen) brings its vocabulary
 * with it: the values declared on the field itself.
 */
export function rulesOf(schema: DescMessage, localName: string): FieldRules {
  const field = schema.fields.find((f) => f.localName === localName);
  if (!field) throw new Error(`vocab: ${schema.typeName} has no field ${localName}`);
  const r = declaredRules.get(field) ?? getOption(field, rules);
  return {
    vocabulary: r.vocabulary
      ? (vocabularies.get(r.vocabulary) ?? declaredVocabulary(r) ?? vocabulary(r.vocabulary))
      : undefined,
    minChars: r.minChars,
    maxChars: r.maxChars,
    minItems: r.minItems,
    maxItems: r.maxItems,
  };
}

/** The vocabularies of SPEC §3. */
export const PROPERTY_TYPES = vocabulary("property_type");
export const CURRENCIES = vocabulary("currency");
export const AREA_UNITS = vocabulary("area_unit");
export const AMENITIES = vocabulary("amenity");
export const REVIEW_TYPES = vocabulary("review_type");
export const REVIEW_LANGUAGES = vocabulary("language");
export const STAY_PERIODS = vocabulary("stay_period");
export const REVIEW_CATEGORIES = vocabulary("review_category");
export const REPORT_REASONS = vocabulary("report_reason");
export const SECURITY_QUESTIONS = vocabulary("security_question");
export const RESOURCE_CATEGORIES = vocabulary("resource_category");
export const REGISTRATION_ROLES = vocabulary("registration_role");

const property = (name: string) => rulesOf(CreatePropertyRequestSchema, name);
const review = (name: string) => rulesOf(CreateReviewRequestSchema, name);

/** The limits of the forms, from the request fields they fill. */
export const LIMITS = {
  property: {
    title: property("title"),
    description: property("description"),
    address: property("address"),
    locality: property("locality"),
    city: property("city"),
    state: property("state"),
    zipCode: property("zipCode"),
    country: property("country"),
    images: property("images"),
  },
  review: {
    title: review("title"),
    content: review("content"),
    pros: review("pros"),
    cons: review("cons"),
    photos: review("photos"),
    reportDetail: rulesOf(ReportReviewRequestSchema, "detail"),
    response: rulesOf(RespondToReviewRequestSchema, "content"),
  },
  account: {
    username: rulesOf(RegisterRequestSchema, "username"),
    email: rulesOf(RegisterRequestSchema, "email"),
    password: rulesOf(RegisterRequestSchema, "password"),
    name: rulesOf(RegisterRequestSchema, "firstName"),
    loginIdentifier: rulesOf(LoginRequestSchema, "username"),
    loginPassword: rulesOf(LoginRequestSchema, "password"),
    securityAnswer: rulesOf(SetSecurityQuestionsRequestSchema, "securityAnswer1"),
    recoveryEmail: rulesOf(FindAccountRequestSchema, "email"),
    recoveryUsername: rulesOf(FindAccountRequestSchema, "username"),
    recoveryAnswer: rulesOf(ResetPasswordRequestSchema, "securityAnswer1"),
    newPassword: rulesOf(ResetPasswordRequestSchema, "newPassword"),
  },
  resource: {
    category: rulesOf(ResourceSchema, "category"),
  },
} as const;
