/**
 * Building blocks of the forms' zod schemas. SPEC's generic messages ("Required",
 * "Invalid input", "String must contain at least N character(s)") are zod 3's own
 * defaults, so these add issues without a message wherever SPEC uses them. Lengths
 * count characters as the server does (charCount), never UTF-16 units, which is why
 * they are refinements rather than zod's .min() and .max().
 */
import { z } from "zod";
import { charCount } from "./text";
import type { FieldRules, Vocabulary } from "./vocab";

interface TextOptions {
  /** The contract's bounds of the field (minChars, maxChars). */
  limits?: Pick<FieldRules, "minChars" | "maxChars">;
  /** Blank text says zod's "Required" (before any length rule). */
  required?: boolean;
  /** Count the text as typed (passwords) instead of trimmed (everything else). */
  untrimmed?: boolean;
  /** The message of a text shorter than limits.minChars; zod's default without one. */
  tooShort?: string;
  /** The message of a text longer than limits.maxChars; zod's default without one. */
  tooLong?: string;
}

/**
 * text is a string field that counts characters (code points). At most one message
 * comes out of it, in the order required, too short, too long; the value itself is
 * kept as typed (forms trim when they send).
 */
export function text({ limits, required = false, untrimmed = false, tooShort, tooLong }: TextOptions = {}) {
  const min = limits?.minChars ?? 0;
  const max = limits?.maxChars ?? 0;
  return z.string().superRefine((value, ctx) => {
    const n = charCount(untrimmed ? value : value.trim());
    if (required && n === 0) {
      // zod's own message for a missing value: "Required".
      ctx.addIssue({ code: z.ZodIssueCode.invalid_type, expected: z.ZodParsedType.string, received: z.ZodParsedType.undefined });
    } else if (min > 0 && n < min) {
      ctx.addIssue({ code: z.ZodIssueCode.too_small, type: "string", minimum: min, inclusive: true, message: tooShort });
    } else if (max > 0 && n > max) {
      ctx.addIssue({ code: z.ZodIssueCode.too_big, type: "string", maximum: max, inclusive: true, message: tooLong });
    }
  });
}

/** oneOf accepts a value of the vocabulary; anything else is zod's "Invalid input". */
export function oneOf(vocabulary: Vocabulary) {
  return z.string().refine((value) => vocabulary.has(value));
}

/**
 * parseInteger reads a number input as an integer (SPEC §5: "Number inputs are parsed as
 * integers"), or null when it is blank or not a number.
 */
export function parseInteger(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const n = Number.parseInt(trimmed, 10);
  return Number.isNaN(n) ? null : n;
}

/**
 * integer is a number input checked as the integer it reads as; `schema` judges the
 * number (zod's number messages), and a blank or unreadable input is `blank` (undefined
 * gives zod's "Required").
 */
export function integer(schema: z.ZodTypeAny, blank?: number) {
  return z.string().superRefine((value, ctx) => {
    const result = schema.safeParse(parseInteger(value) ?? blank);
    if (!result.success) result.error.issues.slice(0, 1).forEach((issue) => ctx.addIssue(issue));
  });
}

/** firstErrors maps each field of a failed parse to its first message, as the forms show them. */
export function firstErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".");
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
