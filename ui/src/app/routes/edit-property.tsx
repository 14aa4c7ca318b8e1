import { useParams } from "react-router-dom";
import { useCurrentUser } from "@/features/auth/api/use-current-user";
import { parsePropertyId } from "@/features/properties/api/use-property";
import { EditPropertyPage } from "@/features/properties/components/edit-property-page";

/** EditPropertyRoute is /properties/:id/edit (behind ProtectedRoute): the edit form, for the listing's landlord. */
export function EditPropertyRoute() {
  const { id } = useParams();
  const { user } = useCurrentUser();
  return <EditPropertyPage id={parsePropertyId(id)} userId={user?.id} />;
}
