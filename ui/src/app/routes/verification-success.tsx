import { useParams, useSearchParams } from "react-router-dom";
import { useCurrentUser } from "@/features/auth/api/use-current-user";
import { usePaymentStatus } from "@/features/payment/api/use-payment";
import { parsePropertyId } from "@/features/properties/api/use-property";
import { VerificationSuccessPage } from "@/features/verification/components/verification-success-page";

/**
 * VerificationSuccessRoute is /verification-success/{propertyId} (behind ProtectedRoute); after a
 * paid check it has ?mock=true (demo mode) or ?payment=card (Stripe's return address).
 */
export function VerificationSuccessRoute() {
  const { propertyId } = useParams();
  const { user } = useCurrentUser();
  const [search] = useSearchParams();
  const id = parsePropertyId(propertyId);
  // Back from the card form (Stripe's return address): the server checks the payment with Stripe.
  const card = search.get("payment") === "card";
  usePaymentStatus(card ? id : null);
  return (
    <VerificationSuccessPage propertyId={id} signedIn={user !== null} paidCheck={card || search.get("mock") === "true"} />
  );
}
