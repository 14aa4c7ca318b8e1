import { LegalPage } from "./placeholder-page";

/** TermsRoute is /terms. */
export function TermsRoute() {
  return <LegalPage title="Terms and Conditions" />;
}

/** PrivacyRoute is /privacy. */
export function PrivacyRoute() {
  return <LegalPage title="Privacy Policy" />;
}

/** CookiesRoute is /cookies. */
export function CookiesRoute() {
  return <LegalPage title="Cookie Policy" />;
}

/** AccessibilityRoute is /accessibility. */
export function AccessibilityRoute() {
  return <LegalPage title="Accessibility Statement" />;
}
