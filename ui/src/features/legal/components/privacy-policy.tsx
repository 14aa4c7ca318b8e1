import { Link } from "react-router-dom";
import {
  CONTACT_RETENTION_MONTHS,
  COOKIES,
  DEVICE_DAYS,
  DOCUMENT_RETENTION_DAYS,
  MAILBOX,
  RATE_LIMIT_HOURS,
  SESSION_DAYS,
  SESSION_IDLE_DAYS,
  SIGN_IN_HISTORY_DAYS,
} from "../policy-figures";
import { LegalPage, type LegalSection } from "./legal-page";
import { LegalTable, MailLink } from "./legal-parts";

const SECTIONS: LegalSection[] = [
  {
    id: "who-we-are",
    title: "Who we are",
    body: (
      <>
        <p>
          RentProof is a platform where tenants, landlords, agents and property managers list rental properties, verify
          them and exchange reviews. RentProof decides why and how the personal data described here is used: it is the
          &quot;controller&quot; under the EU General Data Protection Regulation (GDPR) and the UK GDPR.
        </p>
        <p>
          For anything about your data, write to <MailLink to={MAILBOX.privacy} />. This policy applies to the RentProof
          website and to the programming interfaces it uses.
        </p>
      </>
    ),
  },
  {
    id: "what-we-collect",
    title: "What we collect and why",
    body: (
      <>
        <h3>Your account</h3>
        <p>
          When you register we ask for a username, your email address, your first and last name, a password and whether
          you are a tenant or a landlord. We use them to create your account, sign you in, show your name on what you
          publish and answer you. Your password is never stored: we keep only an argon2id hash of it, from which it
          cannot be recovered. You may add a bio, your city, country and language to your profile.
        </p>
        <p>
          If you set security questions, we store the two questions you chose and an argon2id hash of each answer. They
          are used only to let you reset your password if you lose it; we cannot read your answers.
        </p>
        <h3>Signing in and keeping the service safe</h3>
        <p>
          When you sign in we create a session and send your browser a session cookie ({COOKIES.session}); we store only a
          SHA-256 hash of its token, together with the browser&apos;s user agent and the IP address it signed in from. We
          also give your browser a device cookie ({COOKIES.device}), stored as a hash, so that we recognise a browser that
          has signed in to your account before. See the <Link to="/cookies">Cookie Policy</Link>. You can see your
          sessions (the browser and system each one named, and the block of addresses it signed in from) and sign any of
          them out at <Link to="/settings#sessions">Settings › Sessions</Link>.
        </p>
        <p>
          If you add a passkey, we store its public key, its credential ID, a random user handle your device keeps with it
          (not your username), the name you gave it, its signature counter, and when it was added and last used. Its
          private key stays with your device or password manager; we never receive it.
        </p>
        <p>
          To stop password guessing, spam and fake verifications, we keep for each sign-in the network it came from (an
          IPv4 address, or the first half of an IPv6 address) and the device it used, and we count sign-in and recovery
          attempts, registrations, reviews, reports and contact messages per account and per network. A verification
          approval that comes from a network or browser the property&apos;s owner used in the last {SIGN_IN_HISTORY_DAYS}{" "}
          days is held for an administrator instead of counting at once. Our request logs record which page or call was
          requested, its result and how long it took, not your IP address or cookies.
        </p>
        <h3>What you publish</h3>
        <p>
          Reviews (rating, title, text, pros and cons, how long you stayed, photos), responses to reviews of your
          properties, and listings (address, rent, details and photos) are published on RentProof for anyone to read.
          Reviews are shown with your first name and the first letter of your last name; your full last name is never
          published, not even through our API. We also record helpful votes (the public sees only their number) and reports of
          reviews (seen only by our moderators).
        </p>
        <p>
          Photos are re-encoded when you upload them: their metadata, including camera details and GPS location, is
          removed. A photo you upload for a review is seen only by you until you send the review; from then on it is
          published with the review. While a review is hidden because of reports, or once our moderators remove it, its
          text and photos are seen only by you and our moderators. Photos you upload but never attach to a listing or
          review are deleted after a day.
        </p>
        <h3>Ownership documents</h3>
        <p>
          A landlord who verifies a property with documents uploads them privately. They are never published: only the
          landlord who uploaded them, our administrators and the people the landlord invited to confirm that property can
          open them. The files are deleted {DOCUMENT_RETENTION_DAYS} days after an administrator decides on the request
          (we keep the record of the request and of the decision), and documents never sent are deleted a day after
          upload.
        </p>
        <h3>Verification requests</h3>
        <p>
          When you ask someone to confirm a property, or answer such a request, we keep who asked whom, about which
          property, the message, the answer and when. Signed-in users who search for a verifier see matching usernames
          and roles.
        </p>
        <h3>Payments</h3>
        <p>
          Paid verification checks are processed by Stripe. Your card details go directly from your browser to Stripe and
          never reach our servers. We keep the Stripe customer and payment identifiers, the amount, the payment&apos;s
          status and any refund. We send Stripe your account number and the property&apos;s number and title, not your
          name or email address.
        </p>
        <h3>Tokens, experience points and saved properties</h3>
        <p>
          We keep a ledger of every token credited to your account and a record of the activities that earn experience
          points (XP), with your level, badges and achievements. Only signed-in users see the leaderboard: the first name
          and last initial, level and XP of its top 50 users, and for those who chose to show their full name, that
          name with their username and profile picture. Visitors who are not signed in see none of it. We keep the
          properties you save so you can find them again.
        </p>
        <h3>Contact messages</h3>
        <p>
          When you write to us through the <Link to="/contact">contact form</Link> we keep your name, email address,
          subject and message, and your account if you were signed in, to answer you and to handle what you raise.
        </p>
      </>
    ),
  },
  {
    id: "legal-bases",
    title: "Legal bases",
    body: (
      <>
        <p>Under the GDPR and the UK GDPR we rely on:</p>
        <ul>
          <li>
            <strong>Contract</strong>: to run your account, publish what you submit, handle verification requests, credit
            tokens and XP, and process a check you pay for.
          </li>
          <li>
            <strong>Legitimate interests</strong>: to keep the service secure and its reviews trustworthy (rate limits,
            held approvals, moderation of reported reviews), to answer contact messages, and to compute platform
            statistics that contain no personal data. You can object to these uses (see Your rights).
          </li>
          <li>
            <strong>Legal obligation</strong>: to keep payment and refund records as accounting and tax law require, and to
            answer lawful requests from authorities.
          </li>
        </ul>
        <p>We do not use your data for advertising, we do not sell it and we make no automated decisions about you with legal or similarly significant effects.</p>
      </>
    ),
  },
  {
    id: "sharing",
    title: "Who we share data with",
    body: (
      <>
        <ul>
          <li>
            <strong>Everyone</strong> can read listings and reviews, with the names described above.
          </li>
          <li>
            <strong>Stripe</strong> processes card payments and refunds for paid checks, under its own privacy policy for
            what it does as a payment provider.
          </li>
          <li>
            <strong>Hosting and storage providers</strong> run our servers, database and file storage for us, under
            contracts that let them use the data only to provide that service.
          </li>
          <li>
            <strong>A map tile provider</strong>, where street maps are shown on property pages: your browser asks the
            provider named on the map for its images, which gives it your IP address and the area shown.
          </li>
          <li>
            <strong>Social networks</strong> receive a page&apos;s address only when you press one of the share or follow
            links; nothing of theirs is loaded before you do.
          </li>
          <li>
            <strong>Authorities</strong>, when the law requires it, and a successor if RentProof is sold or merged, who
            would be bound by this policy.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "retention",
    title: "How long we keep data",
    body: (
      <LegalTable
        caption="Retention periods"
        head={["Data", "Kept"]}
        rows={[
          [
            "Account and profile",
            "Until your account is deleted: then your name, email address, phone number, bio, picture, security answers and password are erased; a record without them stays",
          ],
          [
            "Reviews and responses",
            "Until a moderator removes them or you ask us to delete them; after your account is deleted, without your name",
          ],
          [
            "Listings",
            "Until you ask us to remove them; they are removed from public view at once when your account is deleted (and while it is suspended)",
          ],
          [
            "Sessions (with user agent and IP address)",
            `A session ends ${SESSION_DAYS} days after sign-in, after ${SESSION_IDLE_DAYS} days unused, or at sign-out; its record is deleted a day later`,
          ],
          ["Known devices", `Forgotten after ${DEVICE_DAYS} days unused`],
          ["Passkeys", "Until you remove them"],
          ["Sign-in history (network and device)", `${SIGN_IN_HISTORY_DAYS} days`],
          ["Rate-limit counters", `${RATE_LIMIT_HOURS} hours`],
          [
            "Ownership documents",
            `${DOCUMENT_RETENTION_DAYS} days after the decision on their request; a day after upload if never sent; at once when your account is deleted (tenancy documents too)`,
          ],
          ["Photos never attached", "1 day"],
          [
            "Contact messages",
            `${CONTACT_RETENTION_MONTHS} months; after your account is deleted, without your name or email address`,
          ],
          ["Copies of your data you asked for", "7 days; at once when your account is deleted"],
          ["Payment and refund records", "As long as accounting and tax law require"],
          [
            "Token ledger, XP and badges",
            "Kept without your name after your account is deleted, so that other members' balances and ranks stay right",
          ],
          ["Your username after your account is deleted", "Nobody can take it for 90 days"],
        ]}
      />
    ),
  },
  {
    id: "your-rights",
    title: "Your rights",
    body: (
      <>
        <p>Wherever you live, you can ask us to:</p>
        <ul>
          <li>
            give you a copy of the personal data we hold about you (access); you can also download it yourself, once a
            day, from Settings › Your data;
          </li>
          <li>correct it; you can also change your name and profile yourself from your dashboard (correction);</li>
          <li>delete your account and your data, except what the law requires us to keep (deletion);</li>
          <li>send you the data you gave us in a machine-readable format (portability): that download is JSON;</li>
          <li>stop using it where we rely on legitimate interests, or restrict its use while a complaint is looked at (objection and restriction).</li>
        </ul>
        <p>
          Write to <MailLink to={MAILBOX.privacy} /> from the email address of your account, or tell us your username so
          we can confirm the account is yours. We answer within one month. You can also delete your account yourself under
          Settings › Delete account, with your password and your username: you are signed out everywhere at once, your
          listings are removed, your private documents are deleted, and we email a confirmation to your address. Your
          reviews stay on RentProof shown as written by &quot;Anonymous User&quot;, unless you choose to delete them too; deleted
          reviews no longer count in any rating.
        </p>
        <p>
          If you are in the European Economic Area or the United Kingdom you can also complain to your data protection
          authority (in the UK, the Information Commissioner&apos;s Office), though we would like the chance to help first.
        </p>
      </>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: (
      <p>
        Passwords and security answers are hashed with argon2id; session and device tokens are stored only as hashes.
        Connections are encrypted (HTTPS, with Strict-Transport-Security). Ownership documents are stored apart from
        public files and sent only to the people allowed to open them. Only administrators can see contact messages and
        the verification queue. No system is perfectly secure: if a breach puts your data at risk, we will tell you and
        the authorities as the law requires.
      </p>
    ),
  },
  {
    id: "children",
    title: "Children",
    body: (
      <p>
        RentProof is for adults who rent or let homes; you must be 18 or older to create an account. We do not knowingly
        collect data from children. If you believe a child has given us personal data, write to{" "}
        <MailLink to={MAILBOX.privacy} /> and we will delete it.
      </p>
    ),
  },
  {
    id: "international-transfers",
    title: "International transfers",
    body: (
      <p>
        RentProof is used worldwide, and we and our providers (Stripe among them) may process data in the United States
        and other countries outside the European Economic Area and the United Kingdom. Where a country has no adequacy
        decision, we rely on the European Commission&apos;s Standard Contractual Clauses and the UK&apos;s International
        Data Transfer Addendum, or on the recipient&apos;s certification under the EU-US Data Privacy Framework and its UK
        extension.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        When we change this policy we publish the new version here with a new date. If a change affects how we use data
        you already gave us, we will show a notice on RentProof before it takes effect.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <p>
        Questions and requests about your data: <MailLink to={MAILBOX.privacy} />. For anything else, use the{" "}
        <Link to="/contact">contact page</Link>.
      </p>
    ),
  },
];

/** PrivacyPolicy is /privacy: what RentProof collects, why, for how long, and your rights. */
export function PrivacyPolicy() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what personal data RentProof collects when you use it, why, who sees it, how long we keep
          it and how to use your rights. It describes the service as it works today.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
