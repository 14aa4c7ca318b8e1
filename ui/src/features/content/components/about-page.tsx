import { BadgeCheck, Eye, Handshake, Lock, Scale } from "lucide-react";
import { Link } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { buttonClass } from "@/components/ui/button";
import { usePageTitle } from "@/lib/use-page-title";
import { CURRENCIES, REVIEW_LANGUAGES } from "@/lib/vocab";
import { FACTS, proof, SUPPORT, formatFee } from "../published-rules";
import { useHashTarget } from "../use-hash-target";
import "../content.css";
import { ContentSection } from "./content-section";

export const ABOUT_TITLE = "About Us";

const VALUES = [
  {
    icon: Scale,
    title: "Honest over flattering",
    text: "Nobody can pay to publish, move or remove a review, and owners cannot rate their own property. Nothing anyone earns here depends on the rating they give.",
  },
  {
    icon: BadgeCheck,
    title: "Proof over promises",
    text: "A Verified badge always says how the property was verified, and a review's Verified label means its author's stay was checked. Every grant and withdrawal is recorded with who decided and why.",
  },
  {
    icon: Handshake,
    title: "Fair to both sides",
    text: "Tenants review properties, landlords and neighbourhoods; owners can answer every review in public. A landlord's and a tenant's reviews of one tenancy are revealed together, so neither writes in reply. A handful of reports cannot silence a review: moderators decide.",
  },
  {
    icon: Lock,
    title: "Private by default",
    text: "Reviews show a first name and an initial. Ownership documents are seen only by the owner, the people asked to confirm and our administrators; a tenant's documents only by the tenant and our administrators. Photos are stored without their location data.",
  },
  {
    icon: Eye,
    title: "Open about the rules",
    text: "How reviews are ordered, hidden and counted, and what earns rewards, is written down in full, with the same figures the software uses.",
  },
];

/**
 * AboutPage is /about (SPEC §2 "About"): the story, the values, the verification process as
 * RentProof runs it, the team (one person: the footer says the product was created by a solo
 * entrepreneur), #careers, and the ways on to /auth, /find-properties and /contact.
 */
export function AboutPage() {
  usePageTitle(ABOUT_TITLE);
  useHashTarget();
  return (
    <>
      <PageHeader title={ABOUT_TITLE}>
        <p>
          RentProof makes a rental review something you can check: whether its author's stay was verified, what counts in
          the stars, and how a listing was verified.
        </p>
      </PageHeader>
      <div className="container container--narrow section content-page">
        <ContentSection id="story" title="Our Story">
          <p>
            Choosing a rental usually means deciding on a home you have seen for twenty minutes, from photos the landlord
            chose and a description the landlord wrote. Reviews should fill the gap, but on most sites a review can be
            bought, written by the owner, or reported away by whoever it embarrasses, and a reader cannot tell which.
          </p>
          <p>
            RentProof started in 2025 to be a review site where the rules that decide what you read are written down and
            enforced by the software itself. Tenants review the places they
            lived in, the landlords they dealt with and the neighbourhoods around them; landlords list their properties,
            answer reviews in public and can have their listings verified by the people who know them.
          </p>
          <p>
            The site works for properties in any country: rents in {CURRENCIES.values.length} currencies, areas in square
            feet or square metres, reviews in {REVIEW_LANGUAGES.values.length} languages, and postal-code pages for the US,
            Canada and the UK.
          </p>
        </ContentSection>

        <ContentSection id="values" title="What We Stand For">
          <ul className="content-grid">
            {VALUES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="card">
                <h3>
                  <Icon aria-hidden="true" size={20} /> {title}
                </h3>
                <p>{text}</p>
              </li>
            ))}
          </ul>
        </ContentSection>

        <ContentSection id="verification" title="How Verification Works">
          <p>
            A new listing starts unverified. It earns the Verified badge in one of three ways, and the badge then says
            which one:
          </p>
          <ol className="content-steps">
            <li className="card">
              <h3>People who know the property confirm it</h3>
              <p>
                The owner asks up to {FACTS.maxVerifiers} people by username; an established member can also ask a landlord
                from the property's page. Only established members can confirm (accounts at least {FACTS.establishedDays}{" "}
                days old with a published review), and never the owner or the person who asked. Each request can be answered
                for {FACTS.requestLifetimeDays} days, and an answer earns the same {FACTS.verifierReward} token whether it is
                approve or reject, so nobody is paid to say yes.
              </p>
              <p>
                One approval of the owner's request verifies the property, shown as "{proof("confirmed", 1)}"; a landlord's
                approval of someone else's request verifies it once the owner accepts it. An approval from an account linked
                to the owner or to the person who asked (the same network or browser in the last {FACTS.linkedWindowDays}{" "}
                days) waits for an administrator instead.
              </p>
            </li>
            <li className="card">
              <h3>The owner sends ownership documents</h3>
              <p>
                A deed, a title or a tax bill (JPEG, PNG, WebP or PDF, up to {FACTS.documentMaxMB} MB each) goes to our
                administrators, who approve or reject it with a message. Approved, the badge reads "Verified", with "{proof("documents")}" beside it.
                The documents are private to the owner, the administrators and the people asked to confirm the property,
                and their files are deleted {FACTS.documentRetentionDays} days after the decision.
              </p>
            </li>
            <li className="card">
              <h3>The owner pays for a priority check</h3>
              <p>
                For {formatFee(FACTS.feeCents)}, once, an administrator checks the listing ahead of the queue. The fee buys
                the check, not the badge: a rejected check is refunded in full. Approved, the badge reads "Verified", with
                "{proof("paid_check")}" beside it.
              </p>
            </li>
          </ol>
          <p>
            A badge is not forever. Moving a verified listing to another address withdraws it, since the proof was about
            the old one, and an administrator can withdraw a badge with a stated reason. The listings that come with the
            site as examples say "{proof("demo")}": nobody checked them.
          </p>
          <h3 id="verified-reviews">How a review is verified</h3>
          <p>
            A review is labelled Verified when RentProof checked its author's stay. A tenant claims a tenancy at a property
            (from when to when), and it is verified in one of two ways: the owner of the verified property confirms it (for
            an established tenant; a confirmation between linked accounts, or beyond {FACTS.maxOwnerConfirmations} in{" "}
            {FACTS.ownerConfirmationsDays} days, waits for an administrator), or our administrators check the tenant's
            lease, rent receipt, deposit certificate or utility or council-tax bill, which the owner never sees and which is
            deleted {FACTS.tenancyDocumentRetentionDays} days after the decision. An owner can never reject a claim.
          </p>
          <p>
            The tenant's reviews of that property written from the start of the tenancy to {FACTS.reviewYearsAfter} years
            after its end read "Verified Tenant", "Verified Resident" or "Verified Reviewer", and a landlord's review of a
            verified tenancy reads "Verified Landlord". Agent reviews are not labelled: there is no proof yet of an
            agent's engagement. The label never changes a rating or earns a reward tied to one.
          </p>
          <p>
            The full rules for reviews, verification and rewards are on <Link to="/how-reviews-work">How Reviews Work</Link>.
          </p>
        </ContentSection>

        <ContentSection id="team" title="Our Team">
          <p>
            RentProof is one person: its founder, a solo entrepreneur who designs, builds and runs it, from the code and
            the servers to support, moderation and the administrators' checks of documents. When this site says "our
            administrators" or "our moderators", that is who reads your documents and your reports today.
          </p>
          <p>
            Being one person shapes how RentProof works. Rules that software can apply fairly (limits, thresholds, who may
            review what) are applied by the software, the same way for everyone, and people are kept for the decisions that
            need judgement. Support answers {SUPPORT.response}, {SUPPORT.hours}.
          </p>
        </ContentSection>

        <ContentSection id="careers" title="Careers">
          <p>
            There are no open positions today. The first roles, as RentProof grows, will be the ones a review platform
            cannot do without: a trust and safety moderator to decide on reported reviews and check ownership documents, a
            full-stack engineer (Go, PostgreSQL, React and TypeScript), and a partnerships lead to work with landlords and
            tenant associations.
          </p>
          <p>
            If you would like to hear when a role opens, or you think you could help in another way, write to us through the
            contact page and tell us what you would like to work on. How the company plans to grow is on the{" "}
            <Link to="/invest">investor page</Link>.
          </p>
        </ContentSection>

        <ContentSection id="get-started" title="Get Started">
          <p>Read reviews without an account, or join to write your own, list a property or help verify one.</p>
          <div className="content-links">
            <Link to="/auth" className={buttonClass("primary")}>
              Sign In or Register
            </Link>
            <Link to="/find-properties" className={buttonClass("outline")}>
              Find Properties
            </Link>
            <Link to="/contact" className={buttonClass("outline")}>
              Contact Us
            </Link>
          </div>
        </ContentSection>
      </div>
    </>
  );
}
