import { createConnectQueryKey, useMutation, useTransport } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { buttonClass } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { AccountService } from "@/gen/rentproof/account/v1/account_pb";
import { AccountEmailService } from "@/gen/rentproof/account/v1/account_email_pb";
import { errorMessage } from "@/lib/errors";
import { useCurrentUser } from "../api/use-current-user";
import "../auth.css";
import "./verify-email.css";

/**
 * VerifyEmailPage is /verify-email?token=…, where a verification email's link lands: it sends
 * the token to AccountEmailService.VerifyEmail once and says what happened. It works signed in or
 * not (the link is the proof); the server's message says why a link failed (expired, altered,
 * for an address no longer on the account).
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const transport = useTransport();
  const verify = useMutation(AccountEmailService.method.verifyEmail, {
    onSuccess: async () => {
      const queryKey = createConnectQueryKey({ schema: AccountService.method.getCurrentUser, transport, input: {}, cardinality: "finite" });
      // The page's first ask for the session may still be on its way, read before the address
      // was verified: a refetch would join it. Cancel it, then ask again.
      await queryClient.cancelQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey });
    },
  });
  const sent = useRef(false);
  const { mutate } = verify;
  useEffect(() => {
    // Once per page: a second call would only answer "already verified".
    if (sent.current || !token) return;
    sent.current = true;
    mutate({ token });
  }, [token, mutate]);

  let notice;
  if (!token) {
    notice = (
      <Notice kind="warning" title="This verification link is incomplete">
        The link has no token. Please open the link from the email again, or copy all of it into the address bar.
      </Notice>
    );
  } else if (verify.isSuccess) {
    notice = verify.data.alreadyVerified ? (
      <Notice kind="success" title="Your email address is already verified">
        This link was used before. There is nothing more to do.
      </Notice>
    ) : (
      <Notice kind="success" title="Your email address is verified">
        Thank you. We will send your RentProof email to this address.
      </Notice>
    );
  } else if (verify.isError) {
    notice = (
      <Notice kind="warning" title="We could not verify your email address">
        {errorMessage(verify.error)}
      </Notice>
    );
  } else {
    notice = <Spinner label="Verifying your email address" className="auth-layout__spinner" />;
  }

  return (
    <>
      <PageHeader title="Verify Your Email" />
      <div className="container section auth-layout">
        <div className="card auth-card">
          {notice}
          <div className="verify-page__actions">
            {user ? (
              <Link to="/dashboard" className={buttonClass("primary")}>
                Go to your dashboard
              </Link>
            ) : (
              <Link to="/auth" className={buttonClass("primary")}>
                Sign in
              </Link>
            )}
            <Link to="/" className={buttonClass("outline")}>
              Home
            </Link>
          </div>
        </div>
      </div>
    </>
  );
}

function Notice({ kind, title, children }: { kind: "success" | "warning"; title: string; children: ReactNode }) {
  return (
    <div className={`notice notice--${kind}`} role={kind === "success" ? "status" : "alert"}>
      <div>
        <h2 className="notice__title">{title}</h2>
        <p>{children}</p>
      </div>
    </div>
  );
}
