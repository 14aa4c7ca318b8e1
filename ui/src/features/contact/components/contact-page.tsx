import { AlertTriangle, Building2, Clock, HelpCircle, Mail, Newspaper, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { LocationMap } from "@/components/location-map/location-map";
import { buttonClass } from "@/components/ui/button";
import { useAfterFirstPaint } from "@/lib/use-after-first-paint";
import { usePageTitle } from "@/lib/use-page-title";
import { GENERAL, MAILBOXES, OFFICE, SUPPORT } from "../contact-details";
import { ContactForm } from "./contact-form";
import "../contact.css";

const MAILBOX_ICONS = [Building2, Newspaper, AlertTriangle];

/** ContactCard is one titled card of the page. */
function ContactCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card contact-card" aria-labelledby={id}>
      <h2 id={id} className="contact-card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * ContactPage is /contact (SPEC §2 "Contact"): the form, the contact details, the
 * specific-inquiry mailboxes, support hours and the 24-hour response promise, a link to the FAQ
 * and the office on issue 8's map.
 */
export function ContactPage() {
  usePageTitle("Contact Us");
  // The map reads the page's tile server and may be a street map: it comes after the first
  // render, so the prerendered page (no document) and its hydration agree.
  const showMap = useAfterFirstPaint();
  return (
    <>
      <PageHeader title="Contact Us">
        <p>
          Questions about a listing, your account or a review? Send us a message and we&apos;ll get back to you{" "}
          {SUPPORT.response}.
        </p>
      </PageHeader>
      <div className="container section contact-page">
        <div className="contact-layout">
          <ContactCard id="contact-form-title" title="Send us a message">
            <ContactForm />
          </ContactCard>
          <div className="contact-aside">
            <ContactCard id="contact-details" title="Contact details">
              <ul className="contact-lines">
                <li>
                  <Mail aria-hidden="true" size={18} />
                  <span>
                    Email: <a href={`mailto:${GENERAL.email}`}>{GENERAL.email}</a>
                  </span>
                </li>
                <li>
                  <Phone aria-hidden="true" size={18} />
                  <span>
                    Phone: <a href={GENERAL.phoneHref}>{GENERAL.phone}</a>
                  </span>
                </li>
                <li>
                  <Building2 aria-hidden="true" size={18} />
                  <address>
                    {OFFICE.name}
                    <br />
                    {OFFICE.address}
                  </address>
                </li>
              </ul>
            </ContactCard>
            <ContactCard id="contact-hours" title="Support hours">
              <p className="contact-lines__single">
                <Clock aria-hidden="true" size={18} />
                <span>{SUPPORT.hours}</span>
              </p>
              <p className="muted">We reply to every message {SUPPORT.response}.</p>
            </ContactCard>
            <ContactCard id="contact-mailboxes" title="Specific inquiries">
              <ul className="contact-mailboxes">
                {MAILBOXES.map((m, i) => {
                  const Icon = MAILBOX_ICONS[i] ?? Mail;
                  return (
                    <li key={m.email}>
                      <Icon aria-hidden="true" size={18} />
                      <div>
                        <h3 className="contact-mailboxes__title">{m.title}</h3>
                        <p className="contact-mailboxes__text">{m.description}</p>
                        <a href={`mailto:${m.email}`}>{m.email}</a>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </ContactCard>
            <ContactCard id="contact-faq" title="Quick answers">
              <p className="contact-lines__single">
                <HelpCircle aria-hidden="true" size={18} />
                <span>Many questions about reviews, verification and accounts are answered in our FAQ.</span>
              </p>
              <Link to="/faq" className={buttonClass("outline")}>
                Browse the FAQ
              </Link>
            </ContactCard>
          </div>
        </div>
        <section className="contact-map" aria-labelledby="contact-office">
          <h2 id="contact-office">Our office</h2>
          {showMap ? (
            <LocationMap latitude={OFFICE.latitude} longitude={OFFICE.longitude} address={OFFICE.address} />
          ) : (
            <div className="contact-map__placeholder" />
          )}
        </section>
      </div>
    </>
  );
}
