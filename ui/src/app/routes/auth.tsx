import { AuthPage } from "@/features/auth/components/auth-page";
import { ForgotPasswordPage } from "@/features/auth/components/forgot-password-page";
import { ResetPasswordPage } from "@/features/auth/components/reset-password-page";
import { SecurityQuestionsPage } from "@/features/auth/components/security-questions-page";
import { VerifyEmailPage } from "@/features/auth/components/verify-email-page";

/** AuthRoute is /auth: sign in and register. */
export function AuthRoute() {
  return <AuthPage />;
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
