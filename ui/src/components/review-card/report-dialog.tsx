import { Flag } from "lucide-react";
import { Suspense, lazy, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { Button, buttonClass } from "@/components/ui/button";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";

// The form's code (and its validation library) is a chunk of its own, fetched when the dialog opens.
const ReportForm = lazy(async () => ({ default: (await import("./report-form")).ReportForm }));

interface ReportDialogProps {
  reviewId: number;
  /** False when nobody is signed in: the dialog then asks to sign in instead. */
  signedIn: boolean;
}

/** ReportDialog is the Report button and its dialog: a reason from the fixed list and optional detail. */
export function ReportDialog({ reviewId, signedIn }: ReportDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Report this review"
      description="Tell us what is wrong with this review. Our moderators will look at it."
      trigger={
        <Button variant="ghost" size="sm" className="review-card__report">
          <Flag aria-hidden="true" size={16} /> Report
        </Button>
      }
    >
      {signedIn ? (
        <Suspense fallback={<Spinner label="Loading the form" />}>
          <ReportForm reviewId={reviewId} onDone={() => setOpen(false)} />
        </Suspense>
      ) : (
        <SignInToReport />
      )}
    </Dialog>
  );
}

function SignInToReport() {
  const location = useLocation();
  return (
    <>
      <p>Please sign in to report a review.</p>
      <div className="dialog__actions">
        <DialogClose asChild>
          <Button variant="ghost">Cancel</Button>
        </DialogClose>
        <Link to="/auth" state={{ from: location }} className={buttonClass("primary")}>
          Sign In
        </Link>
      </div>
    </>
  );
}
