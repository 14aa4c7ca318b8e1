import { useContext, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { PageSpinner } from "@/components/ui/spinner";
import { ErrorPanel } from "@/components/ui/error-panel";
import { errorTypeFromError } from "@/lib/errors";
import { useCurrentUser } from "../api/use-current-user";
import { MemberSkeleton } from "../member-skeleton";

/**
 * ProtectedRoute shows its children only to a signed-in user (SPEC §2): a spinner (or the
 * prerendered page's skeleton, MemberSkeleton) while the session loads, the page when there is a
 * user, otherwise a redirect to /auth that remembers where the user was going.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isLoading, error } = useCurrentUser();
  const location = useLocation();
  const skeleton = useContext(MemberSkeleton);

  if (isLoading) return skeleton?.page ?? <PageSpinner label="Loading" />;
  if (user) return <>{children}</>;
  if (error) {
    // The session could not be checked at all (server down, …): say so rather
    // than sending the user to a sign-in page that cannot work either.
    return (
      <div className="container section">
        <ErrorPanel type={errorTypeFromError(error)} onRetry={() => window.location.reload()} />
      </div>
    );
  }
  return <Navigate to="/auth" state={{ from: location }} replace />;
}
