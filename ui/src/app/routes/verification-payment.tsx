import { useParams } from "react-router-dom";
import { useCurrentUser } from "@/features/auth/api/use-current-user";
import { VerificationPaymentPage } from "@/features/payment/components/verification-payment-page";
import { parsePropertyId } from "@/features/properties/api/use-property";

/** VerificationPaymentRoute is /verification-payment/{id} (behind ProtectedRoute). */
export function VerificationPaymentRoute() {
  const { id } = useParams();
  const { user } = useCurrentUser();
  if (!user) return null;
  return <VerificationPaymentPage key={id} propertyId={parsePropertyId(id)} user={user} />;
}
