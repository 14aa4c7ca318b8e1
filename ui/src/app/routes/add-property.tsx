import { AddPropertyPage } from "@/features/properties/components/add-property-page";
import { useCurrentUser } from "@/features/auth/api/use-current-user";

/** AddPropertyRoute is /add-property (behind ProtectedRoute): the form, for the signed-in user's role. */
export function AddPropertyRoute() {
  const { user } = useCurrentUser();
  return <AddPropertyPage role={user?.role} />;
}
