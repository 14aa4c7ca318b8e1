/**
 * The contact form's zod schema (SPEC §5 "Contact"): its limits and subjects are the contract's
 * (SendContactMessageRequest's rules), its messages SPEC's words for them, and the server's for
 * what SPEC does not bound (a name over 100 characters, an address over 254). The server
 * (internal/contact) checks the same rules again with the same words.
 */
import { z } from "zod";
import { SendContactMessageRequestSchema } from "@/gen/rentproof/contact/v1/contact_pb";
import { charCount } from "@/lib/text";
import { rulesOf } from "@/lib/vocab";
import { text } from "@/lib/validation";

const rules = (field: string) => rulesOf(SendContactMessageRequestSchema, field);

/** The bounds of the form, in characters of trimmed text. */
export const CONTACT_LIMITS = { name: rules("name"), email: rules("email"), message: rules("message") } as const;

/** SUBJECTS are SPEC §3's contact subjects in order, with the words the form shows. */
export const SUBJECTS = { terms: rules("subject").vocabulary?.terms ?? [] };

/** MESSAGES are SPEC §5's validation messages, and the server's for the rest. */
export const MESSAGES = {
  nameShort: `Name must be at least ${CONTACT_LIMITS.name.minChars} characters`,
  nameLong: `Name must be at most ${CONTACT_LIMITS.name.maxChars} characters`,
  email: "Please enter a valid email address",
  subject: "Please select a subject",
  messageShort: `Message must be at least ${CONTACT_LIMITS.message.minChars} characters`,
  messageLong: `Message cannot exceed ${CONTACT_LIMITS.message.maxChars} characters`,
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;

/** contactSchema is SPEC §5 "Contact", plus the honeypot (website), which people leave empty. */
export const contactSchema = z.object({
  name: text({ limits: CONTACT_LIMITS.name, tooShort: MESSAGES.nameShort, tooLong: MESSAGES.nameLong }),
  email: z.string().refine((v) => charCount(v.trim()) <= CONTACT_LIMITS.email.maxChars && EMAIL.test(v.trim()), MESSAGES.email),
  subject: z.string().refine((v) => rules("subject").vocabulary?.has(v) === true, MESSAGES.subject),
  message: text({ limits: CONTACT_LIMITS.message, tooShort: MESSAGES.messageShort, tooLong: MESSAGES.messageLong }),
  website: z.string(),
});

/** ContactValues are the form's fields as typed. */
export type ContactValues = z.infer<typeof contactSchema>;

/** EMPTY_CONTACT is a fresh form. */
export const EMPTY_CONTACT: ContactValues = { name: "", email: "", subject: "", message: "", website: "" };

/** toRequest trims what is sent, as the server counts it. */
export function toRequest(v: ContactValues) {
  return { name: v.name.trim(), email: v.email.trim(), subject: v.subject, message: v.message.trim(), website: v.website };
}
