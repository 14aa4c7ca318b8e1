import { useMutation } from "@connectrpc/connect-query";
import { Button } from "@/components/ui/button";
import { AccountEmailService } from "@/gen/rentproof/account/v1/account_email_pb";
import { errorMessage } from "@/lib/errors";
import "./verify-email.css";

/**
 * VerifyEmailBanner asks a signed-in member whose address is not verified to open the link we
 * emailed, and sends it again on request (AccountEmailService.ResendVerificationEmail, which the
 * server caps per hour and explains when it refuses). The root layout loads it lazily, only for
 * such members, so the home page's first load does not carry it.
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const resend = useMutation(AccountEmailService.method.resendVerificationEmail);
  let outcome = "";
  if (resend.isSuccess) outcome = `We sent a new link to ${resend.data.email}. It works for 48 hours.`;
  else if (resend.error) outcome = errorMessage(resend.error);
  return (
    <section className="verify-banner" aria-label="Email verification">
      <div className="container verify-banner__inner">
        <p>
          Please verify your email address: open the link we sent to <strong>{email}</strong>. Your account works
          meanwhile.
        </p>
        <Button variant="outline" size="sm" onClick={() => resend.mutate({})} disabled={resend.isPending}>
          {resend.isPending ? "Sending..." : "Resend the email"}
        </Button>
        <p role="status" className="verify-banner__outcome">
          {outcome}
        </p>
      </div>
    </section>
  );
}
