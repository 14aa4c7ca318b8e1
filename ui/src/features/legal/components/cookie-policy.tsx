import { Link } from "react-router-dom";
import { COOKIES, DEVICE_DAYS, MAILBOX, SESSION_DAYS, SESSION_IDLE_DAYS } from "../policy-figures";
import { LegalPage, type LegalSection } from "./legal-page";
import { LegalTable, MailLink } from "./legal-parts";

/** CookieName writes a cookie's name so that a narrow column may break it after an underscore. */
function CookieName({ name }: { name: string }) {
  const parts = name.split("_");
  return (
    <code>
      {parts.map((part, i) =>
        i < parts.length - 1 ? (
          <span key={i}>
            {part}_<wbr />
          </span>
        ) : (
          part
        ),
      )}
    </code>
  );
}

const SECTIONS: LegalSection[] = [
  {
    id: "what-cookies-are",
    title: "What cookies are",
    body: (
      <p>
        A cookie is a small piece of text a website asks your browser to keep and send back with later requests. Browsers
        also let websites keep data in local storage and session storage. This page lists everything RentProof keeps in
        your browser.
      </p>
    ),
  },
  {
    id: "cookies-we-set",
    title: "Cookies we set",
    body: (
      <>
        <p>
          RentProof sets two cookies, both only when you register or sign in, and both strictly necessary: the service cannot sign you
          in or protect your account without them. Both are HttpOnly (scripts on the page cannot read them), SameSite=Lax
          (not sent with requests started by other sites, except when you follow a link to us) and, over HTTPS, Secure.
        </p>
        <LegalTable
          caption="Cookies set by RentProof"
          head={["Name", "Purpose", "Lifetime"]}
          rows={[
            [
              <CookieName key="n" name={COOKIES.session} />,
              "Keeps you signed in. It holds a random token; we store only its hash. Signing out deletes it.",
              `${SESSION_DAYS} days from sign-in (the session ends sooner after ${SESSION_IDLE_DAYS} days unused)`,
            ],
            [
              <CookieName key="n" name={COOKIES.device} />,
              "Recognises a browser that has signed in to your account before, so that failed sign-in attempts elsewhere do not lock you out, and so that verification approvals from the property owner's own browser wait for an administrator. It holds a random token; we store only its hash.",
              `${DEVICE_DAYS} days`,
            ],
          ]}
        />
        <p>
          RentProof&apos;s own pages use no local storage or session storage, and no advertising, analytics, tracking or
          social media cookies. Visiting without signing in sets no cookie at all.
        </p>
      </>
    ),
  },
  {
    id: "third-parties",
    title: "Third parties",
    body: (
      <>
        <p>
          <strong>Stripe.</strong> When you pay for a verification check by card, the payment form is loaded from Stripe
          on that page only. Stripe may set its own cookies there to prevent fraud (for example <code>__stripe_mid</code>,
          kept for a year, and <code>__stripe_sid</code>, kept for 30 minutes). They are governed by Stripe&apos;s cookie
          policy; RentProof cannot read them.
        </p>
        <p>
          <strong>Maps.</strong> Where a street map is shown on a property page, its images come from the map provider
          named on the map. They are plain image requests; we do not let the provider run scripts on our pages.
        </p>
        <p>
          <strong>Social networks.</strong> Share and follow links are ordinary links: nothing from a social network is
          loaded until you follow one, and then its own policies apply on its site.
        </p>
      </>
    ),
  },
  {
    id: "consent",
    title: "Why there is no cookie banner",
    body: (
      <p>
        The law (the EU ePrivacy rules and the UK&apos;s Privacy and Electronic Communications Regulations) requires
        consent for cookies that are not strictly necessary for a service you ask for. RentProof sets only strictly
        necessary cookies, so there is nothing to consent to. If we ever add any other kind, we will ask you first and
        update this page.
      </p>
    ),
  },
  {
    id: "control",
    title: "How to control cookies",
    body: (
      <>
        <p>
          Signing out deletes the session cookie. Your browser&apos;s settings let you see and delete cookies and block
          them for any site; each browser&apos;s help pages explain how. If you block RentProof&apos;s cookies you can
          still search and read everything, but you will not be able to sign in. If you delete the device cookie, your
          browser is treated as a new one: sign-in attempts from it count against the limits of your network, until you
          sign in again.
        </p>
        <p>
          The <Link to="/privacy">Privacy Policy</Link> explains what else we keep and for how long. Questions:{" "}
          <MailLink to={MAILBOX.privacy} />.
        </p>
      </>
    ),
  },
];

/** CookiePolicy is /cookies: every cookie RentProof sets, why and for how long. */
export function CookiePolicy() {
  return (
    <LegalPage
      title="Cookie Policy"
      intro={
        <p>
          RentProof uses only the cookies it needs to sign you in and protect your account. This policy lists each of
          them, what it is for and how long it lasts.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
