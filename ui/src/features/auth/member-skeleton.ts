import { createContext, type ReactNode } from "react";

/** A member's page as the build prerenders it for the server to send before the app starts. */
export interface MemberSkeletonValue {
  /** The page's skeleton (src/app/member-skeletons.tsx). */
  page: ReactNode;
  /** For a member whose address is not verified: the mark the server replaces with it, so the banner that asks them to verify paints with the page. */
  unverifiedEmail: string | null;
}

/**
 * MemberSkeleton is what a member's page shows while the session is being checked: a spinner in
 * the browser (where the page usually comes with the session's answer, internal/web/firstload.go),
 * and the page's skeleton when the build prerenders it for the server to send members.
 */
export const MemberSkeleton = createContext<MemberSkeletonValue | null>(null);
