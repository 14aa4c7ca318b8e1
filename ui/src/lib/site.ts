/** Site-wide facts used by the chrome and static pages. */
export const SITE = {
  name: "RentProof",
  tagline: "Find and rate your perfect property",
  subline: "Connecting tenants and landlords through honest, verified reviews",
  /** Mailbox for resource article proposals (see the Submit a Resource dialog). */
  resourcesEmail: "resources@rentproof.com",
  /**
   * Social profiles linked from the footer. The handles are placeholders chosen for
   * the launch; change them here when the accounts are confirmed.
   */
  social: [
    { label: "Facebook", href: "https://www.facebook.com/rentproof" },
    { label: "X (Twitter)", href: "https://x.com/rentproof" },
    { label: "LinkedIn", href: "https://www.linkedin.com/company/rentproof" },
    { label: "Instagram", href: "https://www.instagram.com/rentproof" },
  ],
} as const;

/** The main navigation, in order, shared by the header and the mobile menu. */
export const MAIN_NAV = [
  { label: "Home", to: "/", end: true },
  { label: "Find Properties", to: "/find-properties", end: false },
  { label: "Resources", to: "/resources", end: false },
  { label: "About", to: "/about", end: false },
  { label: "FAQ", to: "/faq", end: false },
  { label: "Contact", to: "/contact", end: false },
] as const;
