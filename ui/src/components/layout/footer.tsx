import { Link } from "react-router-dom";
import { SITE } from "@/lib/site";
import { useInviteToList } from "../use-invite-to-list";

/** The footer link a signed-in tenant, who cannot list, is not offered. */
const ADD_PROPERTY = "/add-property";

const COLUMNS = [
  {
    title: "Properties",
    links: [
      { label: "Find Properties", to: "/find-properties" },
      { label: "Verified Properties", to: "/find-properties?verified=true" },
      { label: "Add Your Property", to: ADD_PROPERTY },
      { label: "Write a Review", to: "/find-properties" },
    ],
  },
  {
    title: "Resources",
    links: [
      { label: "Tenant Resources", to: "/resources?category=tenant" },
      { label: "Landlord Resources", to: "/resources?category=landlord" },
      { label: "Market Trends", to: "/resources?category=market_trends" },
      { label: "Legal Information", to: "/resources?category=legal" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "About Us", to: "/about" },
      { label: "Careers", to: "/about#careers" },
      { label: "FAQ", to: "/faq" },
      { label: "How Reviews Work", to: "/how-reviews-work" },
      { label: "Contact", to: "/contact" },
      { label: "Invest", to: "/invest" },
    ],
  },
];

const LEGAL = [
  { label: "Terms of Service", to: "/terms" },
  { label: "Privacy Policy", to: "/privacy" },
  { label: "Cookie Policy", to: "/cookies" },
  { label: "Accessibility", to: "/accessibility" },
];

/** Footer is the shared page footer (SPEC §2 "Shared chrome"). */
export function Footer() {
  const inviteToList = useInviteToList();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__about" aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="site-footer__brand">
            <img src="/images/logo.svg" alt="" width={28} height={28} />
            {SITE.name}
          </h2>
          <p>{SITE.subline}.</p>
          <ul className="social-links" aria-label="Social media">
            {SITE.social.map((s) => (
              <li key={s.href}>
                <a href={s.href} target="_blank" rel="noopener noreferrer">
                  {s.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title} className="site-footer__column">
            <h2>{column.title}</h2>
            <ul>
              {column.links.filter((link) => inviteToList || link.to !== ADD_PROPERTY).map((link) => (
                <li key={link.label}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container site-footer__bottom">
        <p>
          © 2025 {SITE.name}. All rights reserved. Created by a solo entrepreneur.
        </p>
        <nav aria-label="Legal">
          <ul className="legal-links">
            {LEGAL.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
