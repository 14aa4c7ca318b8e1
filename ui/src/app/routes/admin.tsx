import { useContext } from "react";
import { Spinner } from "@/components/ui/spinner";
import { AdminPage } from "@/features/admin/components/admin-page";
import { useCurrentUser } from "@/features/auth/api/use-current-user";
import { MemberSkeleton } from "@/features/auth/member-skeleton";
import { NotFoundRoute } from "./not-found";

/**
 * AdminRoute is /admin: the administrators' screen; anyone else gets the not-found screen. While
 * the session is checked: a spinner, or the page's skeleton when the build prerenders it.
 */
export function AdminRoute() {
  const { user, isLoading } = useCurrentUser();
  const skeleton = useContext(MemberSkeleton);
  if (isLoading) return skeleton?.page ?? <Spinner label="Loading" />;
  if (user?.role !== "admin") return <NotFoundRoute />;
  return <AdminPage />;
}
