import { Spinner } from "@/components/ui/spinner";
import { AdminPage } from "@/features/admin/components/admin-page";
import { useCurrentUser } from "@/features/auth/api/use-current-user";
import { NotFoundRoute } from "./not-found";

/** AdminRoute is /admin: the administrators' screen; anyone else gets the not-found screen. */
export function AdminRoute() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Spinner label="Loading" />;
  if (user?.role !== "admin") return <NotFoundRoute />;
  return <AdminPage />;
}
