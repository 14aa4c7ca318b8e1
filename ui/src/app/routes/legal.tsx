import { AccessibilityStatement } from "@/features/legal/components/accessibility-statement";
import { CookiePolicy } from "@/features/legal/components/cookie-policy";
import { PrivacyPolicy } from "@/features/legal/components/privacy-policy";
import { TermsAndConditions } from "@/features/legal/components/terms";

/** TermsRoute is /terms. */
export function TermsRoute() {
  return <TermsAndConditions />;
}

/** PrivacyRoute is /privacy. */
export function PrivacyRoute() {
  return <PrivacyPolicy />;
}

/** CookiesRoute is /cookies. */
export function CookiesRoute() {
  return <CookiePolicy />;
}

/** AccessibilityRoute is /accessibility. */
export function AccessibilityRoute() {
  return <AccessibilityStatement />;
}
