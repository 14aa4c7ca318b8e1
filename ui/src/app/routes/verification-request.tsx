import { useParams } from "react-router-dom";
import { useCurrentUser } from "@/features/auth/api/use-current-user";
import { parsePropertyId } from "@/features/properties/api/use-property";
import { VerificationRequestPage } from "@/features/verification/components/verification-request-page";

/** VerificationRequestRoute is /verification-request/{propertyId} (behind ProtectedRoute). */
export function VerificationRequestRoute() {
  const { propertyId } = useParams();
  const { user } = useCurrentUser();
  if (!user) return null;
  return <VerificationRequestPage key={propertyId} propertyId={parsePropertyId(propertyId)} user={user} />;
}
