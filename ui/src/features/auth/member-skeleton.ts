import { createContext, type ReactNode } from "react";

/**
 * MemberSkeleton is what a member's page shows while the session is being checked: a spinner in
 * the browser (where the page usually comes with the session's answer, internal/web/firstload.go),
 * and the page's skeleton when the build prerenders it for the server to send members
 * (src/app/member-skeletons.tsx).
 */
export const MemberSkeleton = createContext<ReactNode>(null);
