import { CalendarDays, MessageSquare } from "lucide-react";
import { Suspense, lazy, useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { Button, buttonClass } from "@/components/ui/button";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import type { Thread } from "@/gen/rentproof/enquiry/v1/enquiry_pb";
import type { Property } from "@/gen/rentproof/property/v1/property_pb";
import { ENQUIRE_PARAM, threadPath, type EnquiryKind } from "../enquiry";
import { SafetyNotice } from "./safety-notice";
import "../enquiries.css";

// The forms (and the validation library) are a chunk of their own, fetched when a dialog opens.
const EnquiryForm = lazy(async () => ({ default: (await import("./enquiry-forms")).EnquiryForm }));
const ViewingForm = lazy(async () => ({ default: (await import("./enquiry-forms")).ViewingForm }));

/** Why a visitor's Contact Landlord or Schedule Viewing sends them to /auth, shown there above the forms. */
export const ENQUIRY_SIGN_IN_MESSAGE =
  "Sign in to contact the landlord. Once you are signed in, you come back to this listing with your message ready to write.";

interface EnquiryActionsProps {
  property: Property;
  /** The signed-in reader; null or undefined for a visitor or while unknown. */
  viewer: User | null | undefined;
  viewerLoading: boolean;
}

const KINDS: Record<EnquiryKind, { title: string; description: string }> = {
  message: {
    title: "Contact Landlord",
    description: "Write to the landlord privately. Neither of you sees the other's email address or phone number.",
  },
  viewing: {
    title: "Schedule Viewing",
    description: "Propose one to three times to view this home. The landlord accepts one, or answers with a message.",
  },
};

/** signInState is what /auth is given: why, and the way back to the page with the dialog open (a same-origin path). */
function signInState(pathname: string, kind: EnquiryKind) {
  return { from: { pathname, search: `?${ENQUIRE_PARAM}=${kind}`, hash: "" }, message: ENQUIRY_SIGN_IN_MESSAGE };
}

function askedKind(value: string | null): EnquiryKind | null {
  return value === "message" || value === "viewing" ? value : null;
}

/**
 * EnquiryActions are the property page's Contact Landlord and Schedule Viewing (issue 31): each
 * opens a dialog with the safety notice and its form. The open dialog is in the address
 * (`?enquire=message|viewing`), so a visitor sent to /auth comes back to it; closing drops it. A
 * withdrawn listing takes no new enquiries. (The page gives its owner Edit Property instead.)
 */
export function EnquiryActions({ property, viewer, viewerLoading }: EnquiryActionsProps) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const asked = askedKind(params.get(ENQUIRE_PARAM));
  // The thread a form just wrote to: the dialog then says so and links to it.
  const [sent, setSent] = useState<Thread | null>(null);

  const signIn = (kind: EnquiryKind) => void navigate("/auth", { state: signInState(location.pathname, kind) });

  // A link that names a dialog, opened by a visitor: sign in first, then back here.
  const { pathname } = location;
  useEffect(() => {
    if (asked && !viewerLoading && !viewer) void navigate("/auth", { replace: true, state: signInState(pathname, asked) });
  }, [asked, viewerLoading, viewer, navigate, pathname]);

  const setAsked = (kind: EnquiryKind | null) => {
    setSent(null);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (kind) next.set(ENQUIRE_PARAM, kind);
        else next.delete(ENQUIRE_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  const change = (kind: EnquiryKind) => (open: boolean) => {
    if (!open) return setAsked(null);
    if (!viewer && !viewerLoading) return signIn(kind);
    setAsked(kind);
  };

  if (viewer && viewer.id === property.landlordId) return null;
  if (!property.active) {
    return (
      <div className="contact-actions">
        <p className="contact-actions__owner">This listing was withdrawn: it takes no new enquiries.</p>
      </div>
    );
  }

  const open = viewer ? asked : null;
  return (
    <div className="contact-actions">
      {(["message", "viewing"] as const).map((kind) => (
        <Dialog
          key={kind}
          open={open === kind}
          onOpenChange={change(kind)}
          title={KINDS[kind].title}
          description={KINDS[kind].description}
          className="enquiry-dialog"
          trigger={
            <Button variant={kind === "message" ? "primary" : "outline"} size="lg">
              {kind === "message" ? <MessageSquare aria-hidden="true" size={18} /> : <CalendarDays aria-hidden="true" size={18} />}{" "}
              {KINDS[kind].title}
            </Button>
          }
        >
          <p className="enquiry-dialog__listing">{property.title}</p>
          <SafetyNotice verified={property.verified} method={property.verificationProof} />
          {sent ? (
            <Sent thread={sent} kind={kind} />
          ) : (
            <Suspense fallback={<Spinner label="Loading the form" />}>
              {kind === "message" ? (
                <EnquiryForm propertyId={property.id} onSent={setSent} />
              ) : (
                <ViewingForm propertyId={property.id} timeZone={property.timeZone} onSent={setSent} />
              )}
            </Suspense>
          )}
        </Dialog>
      ))}
    </div>
  );
}

/** Sent is a dialog's success state: what happens next, and the way to the conversation. */
function Sent({ thread, kind }: { thread: Thread; kind: EnquiryKind }) {
  return (
    <div className="enquiry-sent" role="status">
      <p>
        {kind === "message"
          ? "Your message was sent. We let the landlord know, and we will tell you when they answer."
          : "Your viewing request was sent. We will tell you when the landlord accepts a time or answers."}
      </p>
      <div className="dialog__actions">
        <DialogClose asChild>
          <Button variant="ghost">Close</Button>
        </DialogClose>
        <Link to={threadPath(thread.role || "enquirer", thread.id)} className={buttonClass("primary")}>
          Open the conversation
        </Link>
      </div>
    </div>
  );
}
