import { ClipboardCheck, FileCheck, LogIn, ShieldCheck } from "lucide-react";
import { Suspense, lazy, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { Button, buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import type { Property } from "@/gen/rentproof/property/v1/property_pb";
import "../verification.css";

// The form's code (the verifier search and the validation library) is a chunk of its own, fetched when the dialog opens.
const RequestVerificationForm = lazy(async () => ({
  default: (await import("./request-verification-form")).RequestVerificationForm,
}));

// The owner's documents form is a chunk of its own too.
const DirectVerificationForm = lazy(async () => ({
  default: (await import("./direct-verification-form")).DirectVerificationForm,
}));

export interface VerificationActionProps {
  property: Property;
  /** The signed-in user, or null. */
  viewer: User | null;
  /** True until it is known whether someone is signed in. */
  viewerLoading: boolean;
}

/**
 * VerificationAction is the property page's verification button (SPEC §2 "Verification
 * dialog"): "Already Verified" (disabled) on a verified property; "Login to Verify" for a
 * visitor; for the owner, the way to the verification request screen, where they choose
 * verifiers, and a dialog that sends ownership documents to the administrators (direct
 * verification); for anyone else, a dialog that asks a landlord to confirm the property.
 */
export function VerificationAction({ property, viewer, viewerLoading }: VerificationActionProps) {
  const location = useLocation();
  if (property.verified) {
    return (
      <Button variant="outline" disabled>
        <ShieldCheck aria-hidden="true" size={18} /> Already Verified
      </Button>
    );
  }
  if (viewerLoading) return <span className="skeleton verification-action__placeholder" aria-hidden="true" />;
  if (!viewer) {
    return (
      <Link to="/auth" state={{ from: location }} className={buttonClass("outline")}>
        <LogIn aria-hidden="true" size={18} /> Login to Verify
      </Link>
    );
  }
  if (viewer.id === property.landlordId) {
    return (
      <span className="verification-action__owner">
        <Link to={`/verification-request/${property.id}`} className={buttonClass("primary")}>
          <ClipboardCheck aria-hidden="true" size={18} /> Request Verification
        </Link>
        <DirectVerification property={property} />
      </span>
    );
  }
  return <RequestVerification property={property} />;
}

/** RequestVerification is the Verify Property button and its dialog. */
function RequestVerification({ property }: { property: Property }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Request Verification"
      description={`Ask a landlord who knows ${property.title} to confirm its details.`}
      className="verification-dialog"
      trigger={
        <Button variant="outline">
          <ShieldCheck aria-hidden="true" size={18} /> Verify Property
        </Button>
      }
    >
      <Suspense fallback={<Spinner label="Loading the form" />}>
        <RequestVerificationForm propertyId={property.id} onDone={() => setOpen(false)} />
      </Suspense>
      <HowVerificationWorks />
    </Dialog>
  );
}

/** DirectVerification is the owner's Verify with Documents button and its dialog. */
function DirectVerification({ property }: { property: Property }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Verify with Documents"
      description={`Send documents that show you own ${property.title}. Our administrators check them; the badge appears once they approve.`}
      className="verification-dialog"
      trigger={
        <Button variant="outline">
          <FileCheck aria-hidden="true" size={18} /> Verify with Documents
        </Button>
      }
    >
      <Suspense fallback={<Spinner label="Loading the form" />}>
        <DirectVerificationForm propertyId={property.id} onDone={() => setOpen(false)} />
      </Suspense>
      <HowVerificationWorks />
    </Dialog>
  );
}

/** HowVerificationWorks links a verification dialog to the rules it applies. */
function HowVerificationWorks() {
  return (
    <p className="muted">
      <Link to="/how-reviews-work#verification">How verification works</Link>
    </p>
  );
}
