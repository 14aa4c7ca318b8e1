import { Suspense, lazy } from "react";
import { Button } from "@/components/ui/button";
import "./verify-email.css";

// Resending needs the account email service's code, fetched once the banner shows. The banner
// itself comes with the layout: had it come later, everything under it would move down after
// the page was on screen, and a click as it arrived would land where a button had been.
const ResendVerification = lazy(async () => ({ default: (await import("./resend-verification")).ResendVerification }));

/**
 * VerifyEmailBanner asks a signed-in member whose address is not verified to open the link we
 * emailed, and sends it again on request. Until the resend code arrives, the same button stands
 * disabled in its place, so the banner has its full size from its first paint.
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  return (
    <section className="verify-banner" aria-label="Email verification">
      <div className="container verify-banner__inner">
        <p>
          Please verify your email address: open the link we sent to <strong>{email}</strong>. Your account works
          meanwhile.
        </p>
        <Suspense
          fallback={
            <Button variant="outline" size="sm" disabled>
              Resend the email
            </Button>
          }
        >
          <ResendVerification />
        </Suspense>
      </div>
    </section>
  );
}
