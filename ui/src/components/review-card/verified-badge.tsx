import { BadgeCheck } from "lucide-react";
import { Popover } from "radix-ui";
import { useId, useRef, useState, type PointerEvent } from "react";
import type { ReviewProof } from "@/gen/rentproof/review/v1/review_pb";
import { proofText } from "./review-proof";

interface VerifiedBadgeProps {
  /** The server's label ("Verified Tenant"). */
  label: string;
  proof: ReviewProof | undefined;
}

const isMouse = (e: PointerEvent) => e.pointerType === "mouse";

/**
 * VerifiedBadge is a verified review's label, a button that shows its proof ("Tenancy checked
 * from documents, Mar 2023 – Jan 2025") on hover, on keyboard focus and on a tap: a Radix popover
 * (a tooltip closes on the tap a touch screen needs), opened without taking the focus and read
 * out as the button's description. Without a proof it knows, the label is plain text.
 */
export function VerifiedBadge({ label, proof }: VerifiedBadgeProps) {
  const [open, setOpen] = useState(false);
  const proofId = useId();
  // The focus that comes with a click or a tap opens it: that click must not close it again.
  const justFocused = useRef(false);
  const text = proof ? proofText(proof) : null;
  const icon = <BadgeCheck aria-hidden="true" size={14} />;
  if (!text) {
    return (
      <span className="badge badge--verified">
        {icon} {label}
      </span>
    );
  }
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          className="badge badge--verified review-card__proof-trigger"
          aria-haspopup={undefined}
          aria-controls={open ? proofId : undefined}
          aria-describedby={open ? proofId : undefined}
          onPointerEnter={(e) => isMouse(e) && setOpen(true)}
          onPointerLeave={(e) => isMouse(e) && document.activeElement !== e.currentTarget && setOpen(false)}
          onFocus={() => {
            justFocused.current = true;
            setOpen(true);
          }}
          onClick={(e) => {
            // Radix's own toggle is skipped: a tap or click on a badge just focused keeps it open.
            e.preventDefault();
            setOpen((was) => justFocused.current || !was);
            justFocused.current = false;
          }}
        >
          {icon} {label}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          role="tooltip"
          id={proofId}
          className="review-card__proof"
          side="top"
          sideOffset={6}
          collisionPadding={8}
          onOpenAutoFocus={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => e.preventDefault()}
        >
          {text}
          <Popover.Arrow className="review-card__proof-arrow" width={12} height={6} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
