import { Check, X } from "lucide-react";
import { Suspense, lazy, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import type { VerificationRequest } from "@/gen/rentproof/verification/v1/verification_pb";
import { fromOwner } from "../verification";

// The form's code (and its validation library) is a chunk of its own, fetched when a dialog opens.
const AnswerForm = lazy(async () => ({ default: (await import("./answer-form")).AnswerForm }));

/** Answer is approved or rejected. */
export type Answer = "approved" | "rejected";

const DIALOGS: Record<Answer, { button: string; title: string; description: (title: string, owners: boolean) => string }> = {
  approved: {
    button: "Approve",
    title: "Approve Verification Request",
    // Only the owner's own request verifies at once; a confirmation the owner did not ask for waits for them.
    description: (title, owners) =>
      `Approve only if you know ${title} and its details are accurate. ` +
      (owners
        ? "Approving marks the property as verified, unless an administrator must check it first (when your account shares a network or browser with the owner's)."
        : "The owner did not send this request: your confirmation verifies the property once the owner (or an administrator) accepts it."),
  },
  rejected: {
    button: "Reject",
    title: "Reject Verification Request",
    description: (title) => `Reject if you cannot confirm the details of ${title}. The property stays unverified.`,
  },
};

/** AnswerActions are a pending request's Approve and Reject buttons, each behind a confirm dialog. */
export function AnswerActions({ request, title }: { request: VerificationRequest; title: string }) {
  return (
    <div className="answer-actions">
      <AnswerDialog request={request} title={title} answer="rejected" />
      <AnswerDialog request={request} title={title} answer="approved" />
    </div>
  );
}

function AnswerDialog({ request, title, answer }: { request: VerificationRequest; title: string; answer: Answer }) {
  const [open, setOpen] = useState(false);
  const d = DIALOGS[answer];
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={d.title}
      description={d.description(title, fromOwner(request))}
      trigger={
        <Button
          variant={answer === "approved" ? "primary" : "outline"}
          size="sm"
          aria-label={`${d.button}: ${title}`}
        >
          {answer === "approved" ? <Check aria-hidden="true" size={16} /> : <X aria-hidden="true" size={16} />} {d.button}
        </Button>
      }
    >
      <Suspense fallback={<Spinner label="Loading the form" />}>
        <AnswerForm requestId={request.id} answer={answer} confirm={d.button} onDone={() => setOpen(false)} />
      </Suspense>
    </Dialog>
  );
}
