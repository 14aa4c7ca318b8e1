import { Link } from "react-router-dom";
import { ACCESSIBILITY_REPLY_DAYS, MAILBOX } from "../policy-figures";
import { LegalPage, type LegalSection } from "./legal-page";
import { MailLink } from "./legal-parts";

const SECTIONS: LegalSection[] = [
  {
    id: "commitment",
    title: "Our commitment",
    body: (
      <p>
        Everyone looking for a home, or letting one, should be able to use RentProof, whatever device, browser or assistive
        technology they use. Our target is level AA of the Web Content Accessibility Guidelines (WCAG) 2.1, which is also
        the level the European standard EN 301 549 refers to.
      </p>
    ),
  },
  {
    id: "conformance",
    title: "Conformance status",
    body: (
      <p>
        RentProof is partially conformant with WCAG 2.1 level AA: most of it meets the standard, and the parts that do not
        yet are listed under Known limitations below.
      </p>
    ),
  },
  {
    id: "what-we-do",
    title: "What we do",
    body: (
      <ul>
        <li>Every page has a link to skip to its main content, one main heading and headings in order.</li>
        <li>
          The site is built to work with a keyboard alone, with a visible focus outline: menus, tabs, dialogs (focus
          stays inside while one is open and returns where it was when it closes), the star rating of the review form,
          the photo gallery and the map&apos;s zoom.
        </li>
        <li>Forms label every field and announce their error messages as they appear.</li>
        <li>Text and controls meet the AA contrast ratios, and the layout adapts to narrow screens and to browser zoom.</li>
        <li>Animations are switched off when your system asks for reduced motion.</li>
        <li>Pages use your system&apos;s own fonts, so text follows your system&apos;s settings.</li>
      </ul>
    ),
  },
  {
    id: "testing",
    title: "How we test",
    body: (
      <>
        <p>Accessibility is checked automatically on every change, in a real browser, before the change is released:</p>
        <ul>
          <li>
            axe-core checks every route of the site against the WCAG 2.0 and 2.1 A and AA rules, signed out and signed in
            as each kind of user, at a laptop&apos;s width and at a phone&apos;s (390 pixels), with dialogs and menus
            open. A serious or critical violation fails the build.
          </li>
          <li>
            Browser tests drive journeys with the keyboard only: the skip link, tabs, the review form in its dialog
            (opening, moving focus inside, closing with Escape and returning focus), and zooming the map.
          </li>
          <li>Component tests find controls by their role and accessible name, as a screen reader user would.</li>
        </ul>
      </>
    ),
  },
  {
    id: "known-limitations",
    title: "Known limitations",
    body: (
      <ul>
        <li>
          <strong>Maps.</strong> The street map on property pages can be zoomed and moved with the keyboard, but its
          picture of the streets has no text equivalent. The property&apos;s full address is always written next to it,
          with a link to open it in a maps service.
        </li>
        <li>
          <strong>Photos uploaded by users.</strong> Listing photos are described by the listing&apos;s title and their
          place in the gallery, and review photos by their place and the reviewer&apos;s name, not by what each one
          shows, because the people who upload them do not write descriptions.
        </li>
        <li>
          <strong>Ownership documents.</strong> Documents uploaded by landlords (often scanned PDFs) may not be accessible;
          they are seen only by administrators and the people a landlord invites.
        </li>
        <li>
          <strong>Card payment form.</strong> The card form of a paid check is provided by Stripe inside our page; its
          accessibility is Stripe&apos;s.
        </li>
        <li>
          <strong>JavaScript.</strong> Pages are sent with their text in place, but searching, signing in and writing
          reviews need JavaScript.
        </li>
      </ul>
    ),
  },
  {
    id: "feedback",
    title: "Feedback and contact",
    body: (
      <>
        <p>
          If something on RentProof is hard or impossible for you to use, or you need information in another format,
          tell us at <MailLink to={MAILBOX.accessibility} /> or through the <Link to="/contact">contact page</Link>. Say
          which page and what happened, and the browser and assistive technology you use if you can.
        </p>
        <p>
          We answer accessibility feedback within {ACCESSIBILITY_REPLY_DAYS} business days, with what we will do about it
          and when.
        </p>
      </>
    ),
  },
  {
    id: "enforcement",
    title: "Enforcement",
    body: (
      <p>
        If you are not satisfied with our answer, you can contact the body that enforces accessibility law where you live:
        in the United Kingdom, the Equality Advisory and Support Service (EASS); in the European Union, your country&apos;s
        market surveillance authority for the European Accessibility Act.
      </p>
    ),
  },
  {
    id: "technical-details",
    title: "Technical details",
    body: (
      <p>
        RentProof relies on HTML, WAI-ARIA, CSS and JavaScript, and is tested with current versions of Chromium-based
        browsers. It is built to work with current versions of Chrome, Edge, Firefox and Safari and the screen readers
        commonly used with them.
      </p>
    ),
  },
];

/** AccessibilityStatement is /accessibility: the WCAG target, how it is tested, limits and feedback. */
export function AccessibilityStatement() {
  return (
    <LegalPage
      title="Accessibility Statement"
      intro={
        <p>
          This statement explains how accessible RentProof is, how we test it, what we know does not work well yet, and
          how to tell us about a problem.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
