/**
 * The tenancy forms' schemas, with the contract's limits. Only the forms' chunks import this
 * module, so the validation library loads with a form.
 */
import { z } from "zod";
import { CannotConfirmTenancyRequestSchema, ClaimTenancyRequestSchema } from "@/gen/rentproof/tenancy/v1/tenancy_pb";
import { text } from "@/lib/validation";
import { rulesOf } from "@/lib/vocab";

/** The bounds of the claim's note and of the owner's "I can't confirm this" message. */
export const CLAIM_MESSAGE_LIMITS = rulesOf(ClaimTenancyRequestSchema, "message");
export const CANNOT_CONFIRM_LIMITS = rulesOf(CannotConfirmTenancyRequestSchema, "message");

/** The claim form's messages. */
export const CLAIM_MESSAGES = {
  property: "Choose the property you lived at",
  month: "Choose a month",
  year: "Choose a year",
  fromFuture: "You cannot have moved in after this month",
  toFuture: "You cannot have moved out after this month: tick I still live there instead",
  toBeforeFrom: "You cannot have moved out before you moved in",
  messageTooLong: `Message must be less than ${CLAIM_MESSAGE_LIMITS.maxChars} characters`,
};

/** yearMonth is the contract's YYYY-MM of a month (1–12) and a year. */
export const yearMonth = (year: string, month: string) => `${year}-${month.padStart(2, "0")}`;

/** thisMonth is the current month as YYYY-MM (the latest month a stay may name). */
export function thisMonth(now = new Date()) {
  return yearMonth(String(now.getFullYear()), String(now.getMonth() + 1));
}

const required = (message: string) => z.string().min(1, message);

/** claimSchema is the claim form: the property, the months from and to (or still there), a note. */
export const claimSchema = z
  .object({
    propertyId: required(CLAIM_MESSAGES.property),
    fromMonth: required(CLAIM_MESSAGES.month),
    fromYear: required(CLAIM_MESSAGES.year),
    stillThere: z.boolean(),
    toMonth: z.string(),
    toYear: z.string(),
    message: text({ limits: CLAIM_MESSAGE_LIMITS, tooLong: CLAIM_MESSAGES.messageTooLong }),
  })
  .superRefine((v, ctx) => {
    const now = thisMonth();
    const from = v.fromMonth && v.fromYear ? yearMonth(v.fromYear, v.fromMonth) : "";
    if (from && from > now) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["fromYear"], message: CLAIM_MESSAGES.fromFuture });
    if (v.stillThere) return;
    if (!v.toMonth) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["toMonth"], message: CLAIM_MESSAGES.month });
    if (!v.toYear) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["toYear"], message: CLAIM_MESSAGES.year });
    if (!v.toMonth || !v.toYear) return;
    const to = yearMonth(v.toYear, v.toMonth);
    if (to > now) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["toYear"], message: CLAIM_MESSAGES.toFuture });
    else if (from && to < from) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["toYear"], message: CLAIM_MESSAGES.toBeforeFrom });
  });
export type ClaimValues = z.infer<typeof claimSchema>;

/** cannotConfirmSchema is the owner's required message with "I can't confirm this". */
export const cannotConfirmSchema = z.object({
  message: text({
    limits: CANNOT_CONFIRM_LIMITS,
    tooShort: "Please tell the administrators why you cannot confirm this stay.",
    tooLong: `Message must be less than ${CANNOT_CONFIRM_LIMITS.maxChars} characters`,
  }),
});
export type CannotConfirmValues = z.infer<typeof cannotConfirmSchema>;
