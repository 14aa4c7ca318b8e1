import { Link } from "react-router-dom";
import { CHECK_FEE, MAILBOX, WELCOME_TOKENS } from "../policy-figures";
import { LegalPage, type LegalSection } from "./legal-page";
import { MailLink } from "./legal-parts";

const SECTIONS: LegalSection[] = [
  {
    id: "agreement",
    title: "These terms",
    body: (
      <>
        <p>
          These terms are the agreement between you and RentProof (&quot;we&quot;, &quot;us&quot;) for using the RentProof
          website and its programming interfaces (the &quot;service&quot;). By creating an account or using the service you
          accept them. Our <Link to="/privacy">Privacy Policy</Link> and <Link to="/cookies">Cookie Policy</Link> explain
          how we handle data, and <Link to="/how-reviews-work">How Reviews Work</Link> explains in detail how reviews,
          ratings, verification and rewards work.
        </p>
        <p>
          RentProof is a place to share information about rental homes. We are not a landlord, agent or broker, and we are
          not a party to any tenancy or agreement you make with someone you find here.
        </p>
      </>
    ),
  },
  {
    id: "eligibility",
    title: "Who may use RentProof",
    body: (
      <p>
        Anyone may search and read RentProof without an account. To create an account you must be 18 or older and able to
        enter into a binding contract. You may have one account, in your own name, with true details. If you use RentProof
        for a business (as a landlord, agent or property manager), you confirm you may bind that business to these terms.
      </p>
    ),
  },
  {
    id: "accounts",
    title: "Your account",
    body: (
      <>
        <p>
          When you register you choose a username, give your name and email address and say whether you are a tenant or a
          landlord. Keep your password and security answers secret: you are responsible for what is done with your
          account. If you think someone else has used it, reset your password (which signs out every session) and tell us
          through the <Link to="/contact">contact page</Link>.
        </p>
        <p>
          Password recovery works with the two security questions you set in your dashboard; set them, because we cannot
          recover an account whose password and answers are both lost without proof that it is yours.
        </p>
      </>
    ),
  },
  {
    id: "listings",
    title: "Listings",
    body: (
      <>
        <p>
          Landlords, agents and property managers may list properties. By listing a property you confirm that you own it
          or are authorised to offer it, that the details, rent and photos are accurate and current, and that you have the
          right to publish the photos. Only the person who listed a property can edit it. If a verified property&apos;s
          address is changed, its verification is withdrawn, because the proof was about the old address.
        </p>
        <p>
          Listings must not discriminate against anyone on grounds protected by law (for example race, ethnicity,
          religion, sex, sexual orientation, gender identity, disability, age, family status or nationality).
        </p>
      </>
    ),
  },
  {
    id: "reviews",
    title: "Reviews and content rules",
    body: (
      <>
        <p>
          Reviews are the reason RentProof exists, so they must be something others can rely on. Who may write which
          kind of review is set out on <Link to="/how-reviews-work">How Reviews Work</Link>: tenants review properties and
          landlords, landlords review their tenants, agents review properties, and a property&apos;s owner may not rate
          it. You may write one review of each kind per property, and up to ten reviews a day. When you write a review:
        </p>
        <ul>
          <li>
            <strong>Be honest and first-hand.</strong> Describe your own experience of the home, landlord, tenant or
            neighbourhood, as it happened. Do not review a place you have no experience of.
          </li>
          <li>
            <strong>No conflicts of interest.</strong> Do not review your own property or a competitor&apos;s, or a
            landlord, tenant or agent you are related to or work with, and do not offer, accept or ask for payment, gifts
            or favours in exchange for a review or a rating. Owners must not write or arrange fake reviews.
          </li>
          <li>
            <strong>No personal data of others.</strong> Do not publish anyone&apos;s phone number, email address, home
            address (other than the property&apos;s), identity documents, financial or health details, or photos of
            people who did not agree.
          </li>
          <li>
            <strong>No discrimination, hate or harassment.</strong> Do not attack anyone for a protected characteristic,
            and no threats, insults or sexual content.
          </li>
          <li>
            <strong>Lawful and relevant.</strong> No false statements of fact, defamation, spam, advertising, links to
            other services, or content you do not have the right to publish.
          </li>
        </ul>
        <p>
          You keep ownership of what you publish. You give us a worldwide, non-exclusive, royalty-free licence to host,
          store, copy, resize and re-encode, display and distribute it on RentProof, and to show it when promoting
          RentProof, for as long as it is on the service (and for the short time backups take to expire). You can delete
          a review by asking us, and we remove content as described below.
        </p>
      </>
    ),
  },
  {
    id: "owner-responses",
    title: "Responses from owners",
    body: (
      <p>
        The owner of a property may publish one public response to each review of it and may edit that response. A
        response follows the same content rules as a review. It sits under the review and cannot change or remove it: an
        owner who thinks a review breaks these terms should report it.
      </p>
    ),
  },
  {
    id: "moderation",
    title: "Reports and moderation",
    body: (
      <>
        <p>
          Any signed-in user can report a review as spam, offensive, false information, not relevant, a conflict of
          interest or for another reason. Every report reaches our moderators. A review reported by three established
          accounts (open for at least seven days with a published review, and not the property&apos;s owner) is hidden
          until a moderator decides; its author still sees it, marked as under review. A moderator either restores the
          review or removes it, and every decision is recorded with who made it and when. Reports are limited per account
          and per network each day, so reports cannot be used to silence a review.
        </p>
        <p>
          We may also remove any content, listing or verification badge that breaks these terms or the law, and we act on
          notices of illegal content sent through the <Link to="/contact">contact page</Link>. We do not edit what
          reviews say, and we do not remove or reorder reviews because they are negative or because an owner asks us to.
        </p>
      </>
    ),
  },
  {
    id: "verification",
    title: "Verification",
    body: (
      <>
        <p>
          A verification badge means a property has a proof behind it, which the property page names: people confirmed its
          details (established users invited by the owner, or a landlord asked by another user), an administrator checked
          the owner&apos;s ownership documents, or an administrator made a paid priority check. A badge is evidence about
          the listing at the time it was checked. It is not a guarantee of the property&apos;s condition, of the
          landlord&apos;s conduct or of any tenancy, and we may withdraw it when its proof no longer holds.
        </p>
        <p>
          If you are asked to confirm a property, answer truthfully from your own knowledge: you earn the same whether you
          approve or reject. Approvals from the owner&apos;s own network or browser wait for an administrator.
        </p>
      </>
    ),
  },
  {
    id: "tokens-and-rewards",
    title: "Tokens and rewards",
    body: (
      <>
        <p>
          Every new account receives {WELCOME_TOKENS} tokens. You earn one token for answering a verification request
          (approving or rejecting alike), and a user who asks a property&apos;s landlord to verify it from the property
          page earns one when that verification is granted. Every
          token is recorded in your transaction history.
        </p>
        <p>
          Tokens have no cash value. They cannot be bought, sold, transferred to another account, or exchanged for money,
          goods or services, and they end when your account closes. Experience points, levels, badges and achievements
          recognise what you have done on RentProof and have no monetary value either; none of them depends on the rating
          a review gives or on the outcome of a verification. Points earned by a review that a moderator removes are taken
          back. We may change or end the rewards programme, and we may cancel tokens or points obtained by breaking these
          terms.
        </p>
      </>
    ),
  },
  {
    id: "payments",
    title: "Payments and refunds",
    body: (
      <>
        <p>
          The owner of a listed property may pay a one-time fee of {CHECK_FEE} USD (tax $0.00, total {CHECK_FEE}) for a priority verification
          check of one property. The fee buys an administrator&apos;s check of the property, not the badge. Payment is
          taken by our payment provider, Stripe, when you confirm it.
        </p>
        <ul>
          <li>If the administrator rejects the check, the fee is refunded in full to the card you paid with.</li>
          <li>
            If you change your mind before an administrator has decided, write to us through the{" "}
            <Link to="/contact">contact page</Link> and we will cancel the check and refund it in full.
          </li>
          <li>
            Once a check has been approved the service has been performed and the fee is not refundable. By paying, you ask
            us to start the check at once, and you accept that your right to withdraw from the purchase (where the law
            gives you one) ends when the check is completed.
          </li>
        </ul>
        <p>Refunds usually appear on your statement within 5 to 10 business days, depending on your bank.</p>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <ul>
        <li>Do not create accounts to get around a limit, a suspension or the review rules.</li>
        <li>Do not manipulate ratings, helpful votes, reports, verifications, tokens or points.</li>
        <li>
          Do not probe, attack or overload the service, get around its limits, or collect data from it in bulk beyond what
          its robots rules allow.
        </li>
        <li>Do not upload anything that carries malware or that you have no right to share.</li>
      </ul>
    ),
  },
  {
    id: "liability",
    title: "Our responsibility to you",
    body: (
      <>
        <p>
          Reviews and listings are written by users. We moderate them as described above, but we do not check every
          statement, and articles in the resource library are general information, not legal or financial advice. Before
          you rent or let, check the property and the people yourself.
        </p>
        <p>
          We provide the service with reasonable care and skill, but we cannot promise it will always be available or free
          of errors. To the extent the law allows, we are not liable for indirect or consequential losses, or for loss of
          profit, business or opportunity, and our total liability to you for any claim is limited to the greater of the
          amount you paid us in the twelve months before the claim and 100 US dollars.
        </p>
        <p>
          Nothing in these terms limits liability that cannot be limited by law, such as for death or personal injury
          caused by negligence, or for fraud, and nothing affects your statutory rights as a consumer.
        </p>
      </>
    ),
  },
  {
    id: "termination",
    title: "Suspension and closing your account",
    body: (
      <p>
        You can stop using RentProof at any time and ask us to delete your account by writing to{" "}
        <MailLink to={MAILBOX.privacy} />. We may suspend or close an account that seriously or repeatedly breaks these
        terms, tell you why unless the law or the safety of others prevents it, and you can ask us to look at the decision
        again. When an account closes, its tokens and points end, and its reviews stay without your name unless you ask us to
        delete them too.
      </p>
    ),
  },
  {
    id: "governing-law",
    title: "Governing law and disputes",
    body: (
      <p>
        These terms are governed by the laws of the State of New York, United States, and disputes go to the courts of New
        York County, New York. If you are a consumer living in the European Union or the United Kingdom, you also keep the
        protection of the mandatory laws of your country and may bring a claim in its courts. Before going to court,
        please write to us: most problems are solved faster that way.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        We may update these terms as RentProof changes. We publish the new version here with a new date and, for changes
        that affect your rights, show a notice on RentProof at least 30 days before they take effect. If you do not accept
        a change, you can close your account before it applies.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <p>
        Questions about these terms: <MailLink to={MAILBOX.legal} />. Everything else, including reports of illegal
        content: the <Link to="/contact">contact page</Link>.
      </p>
    ),
  },
];

/** TermsAndConditions is /terms: the agreement for using RentProof. */
export function TermsAndConditions() {
  return (
    <LegalPage
      title="Terms and Conditions"
      intro={
        <p>
          Please read these terms before you use RentProof. They set out what you can expect from us, what we expect from
          you, and the rules that keep reviews on RentProof honest.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
