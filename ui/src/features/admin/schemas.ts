/**
 * The administrators' form schemas, with the contract's limits. Only the forms' chunks import this
 * module, so the validation library loads with a form.
 */
import { z } from "zod";
import { MarkRequestArrangedRequestSchema } from "@/gen/rentproof/admin/v1/admin_pb";
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
