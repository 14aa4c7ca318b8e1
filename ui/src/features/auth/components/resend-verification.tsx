import { useMutation } from "@connectrpc/connect-query";
import { Button } from "@/components/ui/button";
import { AccountEmailService } from "@/gen/rentproof/account/v1/account_email_pb";
import { errorMessage } from "@/lib/errors";

/**
 * ResendVerification is the banner's Resend the email (AccountEmailService.ResendVerificationEmail,
 * which the server caps per hour and explains when it refuses) and what came of it. It is a chunk
 * of its own, so the home page's first load does not carry the service's code.
 */
export function ResendVerification() {
  const resend = useMutation(AccountEmailService.method.resendVerificationEmail);
  let outcome = "";
  if (resend.isSuccess) outcome = `We sent a new link to ${resend.data.email}. It works for 48 hours.`;
  else if (resend.error) outcome = errorMessage(resend.error);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => resend.mutate({})} disabled={resend.isPending}>
        {resend.isPending ? "Sending..." : "Resend the email"}
      </Button>
      <p role="status" className="verify-banner__outcome">
        {outcome}
      </p>
    </>
  );
}

