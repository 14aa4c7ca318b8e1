/**
 * The enquiry forms' schemas, with the contract's limits. Only the forms' chunks import this
 * module, so the validation library loads with a form.
 */
import { z } from "zod";
import {
  CancelViewingRequestSchema,
  DeclineViewingRequestSchema,
  ReportThreadRequestSchema,
  SendMessageRequestSchema,
  StartEnquiryRequestSchema,
} from "@/gen/rentproof/enquiry/v1/enquiry_pb";
import { formatCount } from "@/lib/count";
import { parseInteger, text } from "@/lib/validation";
import { rulesOf } from "@/lib/vocab";
import { MAX_VIEWING_TIMES, OCCUPANTS, REPORT_REASONS, viewingWindow } from "./enquiry";

/** The bounds of each text the forms send. */
export const MESSAGE_LIMITS = rulesOf(StartEnquiryRequestSchema, "message");
export const REPLY_LIMITS = rulesOf(SendMessageRequestSchema, "body");
export const DECLINE_LIMITS = rulesOf(DeclineViewingRequestSchema, "message");
export const CANCEL_LIMITS = rulesOf(CancelViewingRequestSchema, "message");
export const REPORT_NOTE_LIMITS = rulesOf(ReportThreadRequestSchema, "note");

const thousands = formatCount;

/** The forms' messages. */
export const ENQUIRY_MESSAGES = {
  messageRequired: "Write your message to the landlord",
  messageTooLong: `Message must be at most ${thousands(MESSAGE_LIMITS.maxChars)} characters`,
  replyRequired: "Write your reply",
  replyTooLong: `Reply must be at most ${thousands(REPLY_LIMITS.maxChars)} characters`,
  occupants: `Occupants must be a whole number from ${OCCUPANTS.min} to ${OCCUPANTS.max}`,
  timeRequired: "Choose a date and time",
  timePast: "Choose a time in the future",
  timeTooFar: "Choose a time within the next 60 days",
  timeRepeated: "Choose a different time from the others",
  declineRequired: "Tell the member why",
  declineTooLong: `Message must be at most ${DECLINE_LIMITS.maxChars} characters`,
  cancelTooLong: `Message must be at most ${CANCEL_LIMITS.maxChars} characters`,
  reason: "Choose a reason",
  noteTooLong: `Note must be at most ${REPORT_NOTE_LIMITS.maxChars} characters`,
};

/** occupants is the optional number input: blank, or a whole number from 1 to 20. */
const occupants = z.string().superRefine((value, ctx) => {
  if (!value.trim()) return;
  const n = parseInteger(value);
  if (n === null || String(n) !== value.trim() || n < OCCUPANTS.min || n > OCCUPANTS.max) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: ENQUIRY_MESSAGES.occupants });
  }
});

/** enquirySchema is the Contact Landlord form: a message, and optionally a move-in month and occupants. */
export const enquirySchema = z.object({
  message: text({ limits: MESSAGE_LIMITS, tooLong: ENQUIRY_MESSAGES.messageTooLong }).refine((v) => v.trim() !== "", {
    message: ENQUIRY_MESSAGES.messageRequired,
  }),
  moveInMonth: z.string(),
  occupants,
});
export type EnquiryValues = z.infer<typeof enquirySchema>;

/**
 * viewingSchema is the Schedule Viewing form for a listing's time zone: one to three times, each
 * in the future and within 60 days there, none twice, and an optional message.
 */
export function viewingSchema(timeZone: string) {
  return z
    .object({
      times: z.array(z.object({ value: z.string() })).min(1).max(MAX_VIEWING_TIMES),
      message: text({ limits: MESSAGE_LIMITS, tooLong: ENQUIRY_MESSAGES.messageTooLong }),
    })
    .superRefine((v, ctx) => {
      const { min, max } = viewingWindow(timeZone);
      const seen = new Set<string>();
      v.times.forEach((t, i) => {
        const path = ["times", i, "value"];
        let message: string | undefined;
        if (!t.value) message = ENQUIRY_MESSAGES.timeRequired;
        // Wall-clock times in one zone compare as text.
        else if (t.value < min) message = ENQUIRY_MESSAGES.timePast;
        else if (t.value > max) message = ENQUIRY_MESSAGES.timeTooFar;
        else if (seen.has(t.value)) message = ENQUIRY_MESSAGES.timeRepeated;
        seen.add(t.value);
        if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, path, message });
      });
    });
}
export type ViewingValues = z.infer<ReturnType<typeof viewingSchema>>;

/** replySchema is a thread's reply box. */
export const replySchema = z.object({
  body: text({ limits: REPLY_LIMITS, tooShort: ENQUIRY_MESSAGES.replyRequired, tooLong: ENQUIRY_MESSAGES.replyTooLong }),
});
export type ReplyValues = z.infer<typeof replySchema>;

/** declineSchema is the owner's message with Decline. */
export const declineSchema = z.object({
  message: text({ limits: DECLINE_LIMITS, tooShort: ENQUIRY_MESSAGES.declineRequired, tooLong: ENQUIRY_MESSAGES.declineTooLong }),
});
export type DeclineValues = z.infer<typeof declineSchema>;

/** cancelSchema is the optional note with Cancel viewing. */
export const cancelSchema = z.object({
  message: text({ limits: CANCEL_LIMITS, tooLong: ENQUIRY_MESSAGES.cancelTooLong }),
});
export type CancelValues = z.infer<typeof cancelSchema>;

/** reportSchema is Report: a reason and an optional note. */
export const reportSchema = z.object({
  reason: z.string().refine((v) => REPORT_REASONS.some((r) => r.value === v), { message: ENQUIRY_MESSAGES.reason }),
  note: text({ limits: REPORT_NOTE_LIMITS, tooLong: ENQUIRY_MESSAGES.noteTooLong }),
});
export type ReportValues = z.infer<typeof reportSchema>;
