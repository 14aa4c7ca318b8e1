import { useParams, useSearchParams } from "react-router-dom";
import { useCurrentUser } from "@/features/auth/api/use-current-user";
import { parsePropertyId } from "@/features/properties/api/use-property";
import { VerificationSuccessPage } from "@/features/verification/components/verification-success-page";

/** VerificationSuccessRoute is /verification-success/{propertyId} (behind ProtectedRoute). */
export function VerificationSuccessRoute() {
  const { propertyId } = useParams();
  const { user } = useCurrentUser();
  const [search] = useSearchParams();
  return (
    <VerificationSuccessPage
      propertyId={parsePropertyId(propertyId)}
      signedIn={user !== null}
      paidCheck={search.get("mock") === "true"}
    />
  );
}
