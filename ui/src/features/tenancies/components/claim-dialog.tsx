import { Plus } from "lucide-react";
import { Suspense, lazy, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";

// The form's code (the search and the validation library) is a chunk of its own, fetched when the dialog opens.
const ClaimForm = lazy(async () => ({ default: (await import("./claim-form")).ClaimForm }));

/** The parameter that opens the claim form with a property chosen (`?tab=tenancies&claim=<id>`). */
export const CLAIM_PARAM = "claim";

/**
 * ClaimDialog is "Claim a tenancy": a dialog with the claim form, open at once when the address
 * names a property to claim (the property page and the review form link there). Closing it
 * drops the parameter, so a reload does not open it again.
 */
export function ClaimDialog() {
  const [params, setParams] = useSearchParams();
  const named = Number.parseInt(params.get(CLAIM_PARAM) ?? "", 10);
  const propertyId = Number.isInteger(named) && named > 0 ? named : 0;
  const [open, setOpen] = useState(propertyId > 0);
  const change = (next: boolean) => {
    setOpen(next);
    if (!next && params.has(CLAIM_PARAM)) {
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          out.delete(CLAIM_PARAM);
          return out;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title="Claim a tenancy"
      description="Say where and when you lived. The landlord of a verified property can confirm it, or you can send documents for our administrators to check."
      className="tenancy-dialog"
      trigger={
        <Button>
          <Plus aria-hidden="true" size={18} /> Claim a tenancy
        </Button>
      }
    >
      <Suspense fallback={<Spinner label="Loading the form" />}>
        <ClaimForm propertyId={propertyId} onDone={() => change(false)} />
      </Suspense>
    </Dialog>
  );
}
