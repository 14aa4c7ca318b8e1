// The build's prerenderer (scripts/prerender.mjs runs it in Node): the markup of a screen as it
// first renders in a browser, before any data has arrived. The server puts it in the page that
// opens the screen, so the screen paints with the stylesheet alone; the app then hydrates it.
import { createConnectTransport } from "@connectrpc/connect-web";
import { StrictMode, type ReactNode } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router-dom";
import { App } from "@/app/app";
import { MEMBER_EMAIL_MARK, memberSkeleton } from "@/app/member-skeletons";
import { MemberSkeleton } from "@/features/auth/member-skeleton";

/**
 * render returns the markup of the screen at url, with every screen's code loaded; for a member's
 * page, with member, the skeleton a member of that role sees while the session is checked (with
 * the banner asking them to verify their address, for the server to fill in, when unverified).
 */
export async function render(url: string, member?: { role: string; unverified: boolean }): Promise<string> {
  // Never called: data is fetched by the browser, after hydration.
  const transport = createConnectTransport({ baseUrl: "http://prerender.invalid" });
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  const app = (
    <StrictMode>
      <MemberSkeleton.Provider
        value={member ? { page: memberSkeleton(url, member.role), unverifiedEmail: member.unverified ? MEMBER_EMAIL_MARK : null } : null}
      >
        <App Router={Router} transport={transport} />
      </MemberSkeleton.Provider>
    </StrictMode>
  );
  // One piece, however large: React would otherwise write a big screen apart from the shell
  // with an inline script to put it in place, which the Content-Security-Policy (script-src
  // 'self') rightly refuses.
  const { prelude } = await prerender(app, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const markup = await new Response(prelude).text();
  if (markup.includes("<script")) throw new Error(`prerender ${url}: the markup still needs a script`);
  // Its forms wait for the app (src/start.tsx lifts this): typed before, a search would be sent
  // as a plain form, or lost when the app replaces a skeleton.
  return markup.replace(/<form(?=[\s>])/g, '<form inert=""');
}
