import { useParams, useSearchParams } from "react-router-dom";
import { useCurrentUser } from "@/features/auth/api/use-current-user";
import { PaidCheckStatus } from "@/features/payment/components/paid-check-status";
import { parsePropertyId } from "@/features/properties/api/use-property";
import { VerificationSuccessPage } from "@/features/verification/components/verification-success-page";

/**
 * VerificationSuccessRoute is /verification-success/{propertyId} (behind ProtectedRoute); after a
 * paid check it has ?mock=true (demo mode) or ?payment=card (the card form, or Stripe's return
 * address), and the page shows what the server says of the payment (it asks Stripe when the
 * webhook has not arrived yet).
 */
export function VerificationSuccessRoute() {
  const { propertyId } = useParams();
  const { user } = useCurrentUser();
  const [search] = useSearchParams();
  const id = parsePropertyId(propertyId);
  const paidCheck = search.get("payment") === "card" || search.get("mock") === "true";
  return (
    <VerificationSuccessPage
      propertyId={id}
      signedIn={user !== null}
      paidCheck={paidCheck}
      payment={paidCheck && id !== null ? <PaidCheckStatus propertyId={id} /> : undefined}
    />
  );
}
