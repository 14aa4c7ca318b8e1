/**
 * The administrators' form schemas, with the contract's limits. Only the forms' chunks import this
 * module, so the validation library loads with a form.
 */
import { z } from "zod";
import { MarkRequestArrangedRequestSchema, RevokeTenancyRequestSchema } from "@/gen/rentproof/admin/v1/admin_pb";
import { ReplyToContactMessageRequestSchema } from "@/gen/rentproof/contact/v1/contact_pb";
import { HandleThreadReportsRequestSchema } from "@/gen/rentproof/admin/v1/enquiry_reports_pb";
import { text } from "@/lib/validation";
import { rulesOf } from "@/lib/vocab";

/** ARRANGED_LIMITS are the bounds of the reason a request was arranged (1 to 500 characters). */
export const ARRANGED_LIMITS = rulesOf(MarkRequestArrangedRequestSchema, "message");

/** arrangedSchema is the reason an administrator gives for marking a request arranged (required). */
export const arrangedSchema = z.object({
  message: text({
    limits: ARRANGED_LIMITS,
    tooShort: "Please say why the request was arranged: it is kept with the decision.",
    tooLong: `Message must be less than ${ARRANGED_LIMITS.maxChars} characters`,
  }),
});
export type ArrangedValues = z.infer<typeof arrangedSchema>;

/** REVOKE_LIMITS are the bounds of the reason a tenancy is revoked (1 to 500 characters). */
export const REVOKE_LIMITS = rulesOf(RevokeTenancyRequestSchema, "reason");

/** revokeSchema is the tenancy to revoke (its number) and the reason, for the tenant and the log. */
export const revokeSchema = z.object({
  id: z.string().regex(/^\s*[1-9]\d*\s*$/, "Enter the tenancy's number, as in the claim's card or the tenant's report"),
  reason: text({
    limits: REVOKE_LIMITS,
    tooShort: "Please say why the tenancy is revoked: the tenant is told and it is kept with the decision.",
    tooLong: `Reason must be less than ${REVOKE_LIMITS.maxChars} characters`,
  }),
});
export type RevokeValues = z.infer<typeof revokeSchema>;

/** REPLY_LIMITS are the bounds of a reply to a contact message (1 to 5,000 characters). */
export const REPLY_LIMITS = rulesOf(ReplyToContactMessageRequestSchema, "message");

/** replySchema is an administrator's reply to a contact message, emailed to its sender. */
export const replySchema = z.object({
  message: text({
    limits: REPLY_LIMITS,
    tooShort: "Please write a reply",
    tooLong: `Reply must be at most ${REPLY_LIMITS.maxChars} characters`,
  }),
});
export type ReplyValues = z.infer<typeof replySchema>;

/** HANDLED_NOTE_LIMITS are the bounds of the note with which reported enquiries are handled (1 to 500 characters). */
export const HANDLED_NOTE_LIMITS = rulesOf(HandleThreadReportsRequestSchema, "note");

/** handledSchema is "Mark handled" on a reported enquiry: what the administrator did or decided. */
export const handledSchema = z.object({
  note: text({
    limits: HANDLED_NOTE_LIMITS,
    tooShort: "Please say what you did or decided",
    tooLong: `Note must be at most ${HANDLED_NOTE_LIMITS.maxChars} characters`,
  }),
});
export type HandledValues = z.infer<typeof handledSchema>;
