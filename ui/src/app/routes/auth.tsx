import { useStartSession } from "@/features/auth/api/use-session";
import { AuthPage } from "@/features/auth/components/auth-page";
import { ForgotPasswordPage } from "@/features/auth/components/forgot-password-page";
import { ResetPasswordPage } from "@/features/auth/components/reset-password-page";
import { SecurityQuestionsPage } from "@/features/auth/components/security-questions-page";
import { VerifyEmailPage } from "@/features/auth/components/verify-email-page";
import { PasskeySignInButton } from "@/features/passkeys/components/passkey-sign-in-button";

/** AuthRoute is /auth: sign in (with a password, or a passkey without a username) and register. */
export function AuthRoute() {
  const startSession = useStartSession();
  return <AuthPage passkeySignIn={<PasskeySignInButton onSignedIn={startSession} />} />;
}

/** ForgotPasswordRoute is /forgot-password: password reset by security questions or an emailed link. */
export function ForgotPasswordRoute() {
  return <ForgotPasswordPage />;
}

/** ResetPasswordRoute is /reset-password?token=…: a new password with an emailed link. */
export function ResetPasswordRoute() {
  return <ResetPasswordPage />;
}

/** SecurityQuestionsRoute is /dashboard/security-questions (behind ProtectedRoute in the router). */
export function SecurityQuestionsRoute() {
  return <SecurityQuestionsPage />;
}

/** VerifyEmailRoute is /verify-email?token=…, where verification emails link to (signed in or not). */
export function VerifyEmailRoute() {
  return <VerifyEmailPage />;
}
