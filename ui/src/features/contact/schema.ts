/**
 * The contact form's zod schema (SPEC §5 "Contact"): its messages word for word, and the
 * server's own for what SPEC does not bound (a name over 100 characters, an address over 254).
 * The server (internal/contact) checks the same rules again with the same words.
 */
import { z } from "zod";
import { charCount } from "@/lib/text";
import { text } from "@/lib/validation";

/** The bounds of the form, in characters of trimmed text (internal/contact). */
export const CONTACT_LIMITS = {
  name: { minChars: 2, maxChars: 100 },
  email: { maxChars: 254 },
  message: { minChars: 10, maxChars: 500 },
} as const;

/**
 * SUBJECTS are SPEC §3's contact subjects in order, with the words the form shows. The contract
 * declares no vocabulary for them: the server checks the same five values (internal/contact).
 */
export const SUBJECTS = [
  { value: "general", label: "General Inquiry" },
  { value: "support", label: "Technical Support" },
  { value: "feedback", label: "Feedback" },
  { value: "business", label: "Business & Partnerships" },
  { value: "report", label: "Report a Problem" },
] as const;

/** MESSAGES are SPEC §5's validation messages, and the server's for the rest. */
export const MESSAGES = {
  nameShort: "Name must be at least 2 characters",
  nameLong: "Name must be at most 100 characters",
  email: "Please enter a valid email address",
  subject: "Please select a subject",
  messageShort: "Message must be at least 10 characters",
  messageLong: "Message cannot exceed 500 characters",
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;
const subjectValues: ReadonlySet<string> = new Set(SUBJECTS.map((s) => s.value));

/** contactSchema is SPEC §5 "Contact", plus the honeypot (website), which people leave empty. */
export const contactSchema = z.object({
  name: text({ limits: CONTACT_LIMITS.name, tooShort: MESSAGES.nameShort, tooLong: MESSAGES.nameLong }),
  email: z.string().refine((v) => charCount(v.trim()) <= CONTACT_LIMITS.email.maxChars && EMAIL.test(v.trim()), MESSAGES.email),
  subject: z.string().refine((v) => subjectValues.has(v), MESSAGES.subject),
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
