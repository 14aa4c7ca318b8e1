/**
 * The verification forms' schemas (SPEC §5 "Verification request", "Verifier request" and the
 * answer's optional message), with the contract's limits. Only the forms' chunks import this
 * module, so the validation library loads with a form.
 */
import { z } from "zod";
import { text } from "@/lib/validation";
import { VERIFICATION_LIMITS } from "./verification";

const { notes, message, response } = VERIFICATION_LIMITS;

/** requestSchema is the property page's request: one landlord and optional notes. */
export const requestSchema = z.object({
  requestedToId: z.number().int().min(1, "Please select a landlord to verify the property"),
  notes: text({ limits: notes, tooLong: `Notes must be less than ${notes.maxChars} characters` }),
});
export type RequestValues = z.infer<typeof requestSchema>;

/** The fields of a chosen verifier that the landlord's form keeps. */
const verifier = z.object({ id: z.number(), username: z.string(), role: z.string() });

/** verifiersSchema is the owner's request: at least one verifier, each once, and an optional note. */
export const verifiersSchema = z.object({
  verifiers: z.array(verifier).min(1, "At least one verifier is required"),
  message: text({ limits: message, tooLong: `Note must be less than ${message.maxChars} characters` }),
});
export type VerifiersValues = z.infer<typeof verifiersSchema>;

/** answerSchema is an answer's optional message. */
export const answerSchema = z.object({
  responseMessage: text({ limits: response, tooLong: `Message must be less than ${response.maxChars} characters` }),
});
export type AnswerValues = z.infer<typeof answerSchema>;
