import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { usePageTitle } from "@/lib/use-page-title";
import { REVIEW_TYPES } from "@/lib/vocab";
import {
  FACTS,
  proof,
  MODERATION_TARGET,
  REPORT_REASON_LABELS,
  REVIEW_LABELS,
  REVIEW_LIMITS,
  SUPPORT,
  UNLABELLED_TYPES,
  formatFee,
  reviewTypeName,
} from "../published-rules";
import { useHashTarget } from "../use-hash-target";
import { ContentSection } from "./content-section";
import "../content.css";

export const HOW_REVIEWS_WORK_TITLE = "How Reviews Work";

export interface HowReviewsWorkPageProps {
  /** The table of the XP each action earns, as the server awards it (captioned "xp-caption"). */
  xpTable: ReactNode;
  /** The review types a role may write about a property (its owner or not), as the review form offers them. */
  reviewTypesFor: (role: string, isOwner: boolean) => string[];
}

/** The roles that write reviews, with the words for them. */
const WRITER_ROLES = [
  { role: "tenant", label: "tenants", account: "tenant" },
  { role: "landlord", label: "landlords", account: "landlord" },
  { role: "agent", label: "agents", account: "agent" },
  { role: "property_manager", label: "property managers", account: "property manager" },
];

/** The property page's tab that shows each review type (internal/review's tabs; every type is in All). */
const TAB_OF: Readonly<Record<string, string>> = {
  tenant_to_property: "Tenant",
  tenant_to_landlord: "Tenant",
  landlord_to_tenant: "Landlord",
  tenant_to_neighborhood: "Neighborhood",
  agent_to_property: "Agent",
};

/** writersOf says who may write a review type, from the same rule the review form applies. */
function writersOf(type: string, typesFor: HowReviewsWorkPageProps["reviewTypesFor"]): string {
  const roles = WRITER_ROLES.filter(({ role }) => typesFor(role, false).includes(type)).map((r) => r.label);
  const owners = WRITER_ROLES.filter(({ role }) => typesFor(role, true).includes(type)).map((r) => r.account);
  if (roles.length === WRITER_ROLES.length) return "Any member except the property's owner";
  if (roles.length > 0) return `Only ${roles.join(" and ")}, never the property's owner`;
  if (owners.length > 0) return `Only the property's owner, with a ${owners.join(" or ")} account`;
  return "Nobody";
}

const SECTIONS = [
  { id: "who-reviews", title: "Who can review what" },
  { id: "verification", title: "How reviewers and properties are verified" },
  { id: "order", title: "How reviews are ordered" },
  { id: "hidden", title: "When a review is hidden or removed" },
  { id: "ratings", title: "How ratings are calculated" },
  { id: "rewards", title: "What earns tokens and XP" },
  { id: "reporting", title: "How to report a review" },
];

function title(id: string): string {
  return SECTIONS.find((s) => s.id === id)?.title ?? id;
}

/**
 * HowReviewsWorkPage is /how-reviews-work: the disclosure the EU Omnibus directive and the UK DMCC
 * Act expect of a review platform — who may review what, how reviewers and properties are verified,
 * how reviews are ordered and when they are hidden, how ratings are computed, what earns tokens and
 * XP (none of it a rating), and how to report a review and how long a decision takes. Its figures
 * come from the contract (lib/vocab), the points table, and published-rules.ts, which a test holds to the
 * server's code.
 */
export function HowReviewsWorkPage({ xpTable, reviewTypesFor }: HowReviewsWorkPageProps) {
  usePageTitle(HOW_REVIEWS_WORK_TITLE);
  useHashTarget();
  const rated = new Set(FACTS.ratedTypes);
  return (
    <>
      <PageHeader title={HOW_REVIEWS_WORK_TITLE}>
        <p>
          The rules that decide which reviews you read on RentProof, in what order, and what goes into a rating. The
          software applies them the same way to everyone; nobody can pay to change them.
        </p>
      </PageHeader>
      <div className="container container--narrow section content-page">
        <nav className="card content-toc" aria-labelledby="toc-title">
          <h2 id="toc-title">On this page</h2>
          <ol>
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <Link to={{ hash: s.id }}>{s.title}</Link>
              </li>
            ))}
          </ol>
        </nav>

        <ContentSection id="who-reviews" title={title("who-reviews")}>
          <p>
            Anyone can read reviews. To write one you need a RentProof account and must be signed in. Each review is one of
            these types, and the type decides who may write it and whether it counts in the property's stars:
          </p>
          <div className="content-table" role="region" aria-labelledby="types-caption" tabIndex={0}>
            <table>
              <caption id="types-caption">Review types</caption>
              <thead>
                <tr>
                  <th scope="col">Type</th>
                  <th scope="col">Who may write it</th>
                  <th scope="col">In the stars</th>
                </tr>
              </thead>
              <tbody>
                {REVIEW_TYPES.terms.map((t) => (
                  <tr key={t.value}>
                    <th scope="row">
                      {t.label}
                      <span className="content-table__sub">{TAB_OF[t.value] ? `${TAB_OF[t.value]} tab` : "All tab only"}</span>
                    </th>
                    <td>{writersOf(t.value, reviewTypesFor)}</td>
                    <td>{rated.has(t.value) ? "Yes" : "No"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="muted">Under each type, the tab of the property's page that lists it; every review is also in the All tab.</p>
          <ul>
            <li>
              Owners cannot rate their own property under any type. The only review an owner may write about their property
              is the landlord review: their account of a tenancy there. Written about a verified tenancy, it names that
              tenant by first name and initial; otherwise it is not linked to any tenant's account.
            </li>
            <li>
              One review per member, property and type (a landlord review of a verified tenancy: one per tenancy), and at
              most {FACTS.maxReviewsPerDay} reviews per member in 24 hours.
            </li>
            <li>
              A review has a rating from 1 to 5 stars, a title of {REVIEW_LIMITS.titleMin} to {REVIEW_LIMITS.titleMax}{" "}
              characters and a text of {REVIEW_LIMITS.contentMin} to {REVIEW_LIMITS.contentMax} characters.
            </li>
            <li>
              Reviews are published as soon as they are sent; there is no approval before publication. Moderators look at
              reviews that are reported (see below). A landlord's and a tenant's reviews of one verified tenancy are shown
              together (see <a href="#blind-reveal">revealed together</a>). A new member's review is published at once too, but counts in the
              ratings only once its author is established (see <Link to={{ hash: "ratings" }}>{title("ratings")}</Link>).
            </li>
            <li>
              The owner of a property can post one public response under each of its reviews and edit it later. A response
              never changes the review or its rating.
            </li>
            <li>
              RentProof does not pay for reviews, and nothing anyone earns depends on the rating a review gives.
            </li>
          </ul>
          <p>
            Some rules rely on <strong>established members</strong>: accounts at least {FACTS.establishedDays} days old with
            at least one published review. Only their reviews count in the ratings, only their reports can hide a review
            before a moderator decides, only their helpful votes earn XP, and only they can confirm a property.
          </p>
        </ContentSection>

        <ContentSection id="verification" title={title("verification")}>
          <h3 id="tenancies">Reviewers: verified tenancies</h3>
          <p>
            A <strong>tenancy</strong> is a member's claim to have lived at one property for a period: from a month and
            year, to a month and year or "still living there". It is verified by one of two proofs, and shows which:
          </p>
          <ul>
            <li>
              <strong>Confirmed by the landlord</strong>: the property's owner confirms the claim. This counts only when the
              property itself is verified (an unverified listing's owner could be anyone) and the tenant is an established
              member. The confirmation waits for an administrator instead when the tenant's account is{" "}
              <a href="#linked-accounts">linked</a> to the owner's (it signed in from a network or browser the owner used in
              the last {FACTS.linkedWindowDays} days), or when the owner has confirmed more than{" "}
              {FACTS.maxOwnerConfirmations} tenancies in {FACTS.ownerConfirmationsDays} days. If the property's own
              verification is withdrawn, the owner's confirmations stop counting: those tenancies lose their verification,
              and claims still waiting for the owner go to the documents path.
            </li>
            <li>
              <strong>Documents checked</strong>: the tenant uploads a lease, a rent receipt, a deposit certificate or a
              utility or council-tax bill in their name at that address, and an administrator approves or rejects the claim
              with a message. The documents are private: only the tenant and our administrators can open them, never the
              owner. They are deleted {FACTS.tenancyDocumentRetentionDays} days after the decision; the decision stays on
              record.
            </li>
          </ul>
          <p>
            An owner can never reject a claim. An owner who cannot or will not confirm it answers "I can't confirm this",
            which sends the claim to the documents path with the owner's message for the administrators. A member has one
            open claim per property; a rejected claim can be filed again.
          </p>
          <h3>What a review's Verified label means</h3>
          <div className="content-table" role="region" aria-labelledby="labels-caption" tabIndex={0}>
            <table>
              <caption id="labels-caption">Review labels</caption>
              <thead>
                <tr>
                  <th scope="col">Label</th>
                  <th scope="col">On</th>
                  <th scope="col">When</th>
                </tr>
              </thead>
              <tbody>
                {REVIEW_LABELS.map(({ label, types }) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td>{types.map(reviewTypeName).join(", ")}</td>
                    <td>
                      {types.includes("landlord_to_tenant")
                        ? "A landlord wrote it about one verified tenancy at their verified property; one such review per tenancy."
                        : `Its author holds a verified tenancy at the property and wrote it after the tenancy began and no later than ${FACTS.reviewYearsAfter} years after it ended.`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul>
            <li>
              {UNLABELLED_TYPES.map(reviewTypeName).join(", ")}: never labelled. RentProof has no proof yet that an agent
              worked on a property.
            </li>
            <li>
              The label follows the proof. A review written before its author's tenancy was verified gets the label when the
              tenancy is verified, and a review loses it when the tenancy is withdrawn or an administrator revokes it. Every
              change is kept on record.
            </li>
            <li>
              A review without a label is not a false one: it is one whose author's stay RentProof has not checked.
            </li>
          </ul>
          <h3>Properties</h3>
          <p>
            A verified property's badge reads "Verified", and beside it how it was verified; any other reads "Not verified
            yet":
          </p>
          <ul>
            <li>
              <strong>"{proof("confirmed", 2)}"</strong>: established members who know the property approved a request to
              confirm it (never its owner, never the person who asked). When the owner asks them, from the listing's
              verification page, an approval verifies the property. When someone else asks a landlord from the property's
              page (only established members can), the landlord's approval is a confirmation the owner did not ask for: it
              verifies nothing until the owner accepts it on their dashboard, or an administrator does, and the owner may
              decline it. A request can be answered for {FACTS.requestLifetimeDays} days; an owner asks at most{" "}
              {FACTS.maxVerifiers} people at once and any member sends requests at most {FACTS.maxRequestsPerDay} times in
              24 hours.
            </li>
            <li>
              <strong>"{proof("documents")}"</strong>: our administrators checked ownership documents the owner sent and
              approved them.
            </li>
            <li>
              <strong>"{proof("paid_check")}"</strong>: the owner paid {formatFee(FACTS.feeCents)} for a priority check and
              an administrator approved it. The fee buys the check, not the badge; a rejected check is refunded in full.
            </li>
            <li>
              <strong>"{proof("demo")}"</strong>, in place of "Verified": an example listing that came with the site.
              Nobody checked it.
            </li>
          </ul>
          <h3 id="linked-accounts">Linked accounts cannot vouch for each other</h3>
          <p>
            Two accounts are <strong>linked</strong> when they signed in from the same network (one internet address) or
            with the same browser in the last {FACTS.linkedWindowDays} days, in either order. An approval from an account
            linked to the property's owner or to the person who sent the request does not verify anything by itself: it
            waits for an administrator, and pays nobody until one approves it. Nobody earns a token or XP from an account
            linked to them. And an account linked to a property's owner does not rate the owner's property: its reviews
            are listed but <a href="#independent-reviews">not counted</a> unless documents verify its tenancy.
          </p>
          <h3>Proof is about an address</h3>
          <p>
            Every request and every verification records the listing's address at the time, and what was gathered for one
            address never verifies another. Moving a listing (its street address, unit included, city, state, postal code
            or country; renaming its neighbourhood does not count) withdraws its badge and closes every request still open
            for the old address: people's requests, confirmations waiting for the owner, approvals waiting for an
            administrator, ownership documents and paid checks, each telling its people why. A paid check that no
            administrator has decided yet is refunded in full. Administrators see both addresses before they approve
            anything. When a listing is verified one way, its other open requests close too, and a paid check still
            open is refunded in full. Its reviews about the old address stay listed but{" "}
            <a href="#previous-address">stop counting in its rating</a>.
          </p>
          <h3>Arranged requests</h3>
          <p>
            An administrator who finds that a request was arranged between the people on it marks it so, with a reason
            that is kept on record. Everything it paid is taken back: its tokens, as far as each balance goes (a balance
            never goes below zero; what could not be taken back is written off, and the token history says so), and the
            XP for answering it. A badge it granted is withdrawn.
          </p>
          <p>
            An administrator can also withdraw a badge with a stated reason; every grant and withdrawal is kept on record.
            Verification never changes a property's reviews or rating. More on the process:{" "}
            <Link to="/about#verification">About Us</Link>.
          </p>
        </ContentSection>

        <ContentSection id="order" title={title("order")}>
          <p>
            On a property's page, every tab lists its reviews newest first, by the time they were published. The order is
            the same for every reader. It does not depend on the rating, on helpful votes, on whether the property is
            verified, or on any payment; helpful votes are shown on each review but do not move it.
          </p>
          <p>
            In property search, the Featured order lists verified properties first, then the best rated, then the most
            reviewed; you can sort by highest rated, most reviews or newest listed instead.
          </p>
        </ContentSection>

        <ContentSection id="hidden" title={title("hidden")}>
          <p>
            Apart from a landlord's and a tenant's reviews of one tenancy, which wait for each other (below), a review
            leaves the public lists only in two cases:
          </p>
          <ul>
            <li>
              <strong>Hidden while moderators decide</strong>: after reports from {FACTS.hideAfterReports} independent
              reporters, counted since a moderator last restored it. An independent reporter is an established member
              who reports from a network (an internet address; a home's IPv6 block counts as one) and a browser that no
              other counted reporter used, and who is not linked to the review's author, to the property's owner or to
              another counted reporter (<a href="#linked-accounts">linked</a> as verification defines it; the network and
              browser a report is sent from count too). Reports are taken in the order they were made, so of
              several linked reporters only the first counts. Reports from newer accounts, from the property's owner and
              from linked accounts still reach the moderators, but cannot hide a review on their own. While hidden, the
              review is out of the lists and the rating, and its photos are not shown to anyone else; its author still sees
              it, marked "Under review".
            </li>
            <li>
              <strong>Removed by a moderator</strong>, when it breaks the rules (for example spam, abuse, false information,
              or a conflict of interest). Its photos go with it: from then on only its author and the moderators can see
              them.
            </li>
          </ul>
          <h3 id="blind-reveal">A landlord's and a tenant's reviews of one tenancy are revealed together</h3>
          <p>
            A landlord's review of a verified tenancy and that tenant's review of the landlord stay hidden from everyone but
            their authors until both are posted or {FACTS.revealDays} days have passed since the first of them. After that
            neither can be changed or withdrawn, only answered. So neither side writes in reply to the other. Reviews
            written before this rule began are not hidden after the fact.
          </p>
          <h3>Decisions</h3>
          <p>
            A moderator either restores a reported review (it is published again and counts again; reports made before the
            restore no longer count towards hiding it) or removes it. Every decision is recorded with who made it and
            when. Owners cannot remove reviews of their property, and neither can anyone who pays.
          </p>
        </ContentSection>

        <ContentSection id="ratings" title={title("ratings")}>
          <p>
            A property's stars are made only of its published reviews of the types that judge the property itself (
            {FACTS.ratedTypes.map((t) => REVIEW_TYPES.label(t) ?? t).join(", ")}) whose authors are established members
            or hold a verified tenancy at the property, and whose authors were{" "}
            <a href="#independent-reviews">independent of the property's owner</a> when they wrote them. From those
            reviews RentProof keeps:
          </p>
          <ul>
            <li>the number of reviews at each star from 1 to 5 (the distribution on the property page);</li>
            <li>the review count, and the average rating rounded to one decimal;</li>
            <li>the "recommend" count: reviews rated 4 or 5.</li>
          </ul>
          <p>
            These figures are stored with the property and updated in the same step that publishes, hides, restores or
            removes a review, so a card in search and the property's page always agree. Reviews about the landlord, about
            the neighbourhood and landlords' reviews of tenants have their own counts and averages in their tabs and never
            move the stars. Hidden and removed reviews are not counted.
          </p>
          <p>
            <strong>New members' reviews count once their authors are established.</strong> A review by an account that is
            not yet established is published and listed at once, marked "New member · not counted yet", but it moves
            nothing: not the stars, the review count on cards, the search order, the owner's dashboard figures, its tab's
            average, or the average rating on the statistics page. Every {FACTS.countEveryMinutes === 1 ? "minute" : `${FACTS.countEveryMinutes} minutes`}{" "}
            RentProof looks for reviews whose authors have become established since and counts them in, once each. So
            accounts opened for the purpose cannot move a listing's rating in their first week. A review whose author
            holds a verified tenancy at the property counts at once: the stay was checked (for an author linked to the
            owner, only when documents checked it: see below). The All tab and the rating summary
            say how many reviews are listed and how many of them count, for example "12 reviews · 9 count toward the
            rating".
          </p>
          <h3 id="independent-reviews">Reviews by accounts linked to the owner never count</h3>
          <p>
            A property's owner cannot review it, and a second account of theirs cannot rate it either. A review whose
            author's account was <a href="#linked-accounts">linked</a> to the owner's when it was written is published and
            listed, marked "Not counted in the rating", but it never counts: not in the stars, the distribution, the review
            count, its tab's average or anything made from them. That is decided when the review is written and stays so:
            it does not count once its author is established, nor once the {FACTS.linkedWindowDays} days that linked the
            accounts have passed. The review does not say what linked the accounts, since where members sign in is private.
          </p>
          <p>
            A tenant who really lived there and shares the owner's network or computer (a lodger, a relative) is counted
            when <strong>documents checked</strong> by an administrator verify their tenancy, at once or later. The owner's
            own confirmation does not: the review keeps its Verified label ("Tenancy confirmed by the landlord"), also when an
            administrator released a confirmation held because the accounts are linked, but an owner cannot make a review
            of their own property count by vouching for its author.
          </p>
          <h3 id="previous-address">Reviews about a previous address</h3>
          <p>
            When a listing's address changes (its street address, unit included, city, state, postal code or country;
            renaming its neighbourhood does not count), the reviews written about the earlier address stay visible, marked
            "About a previous address", but stop counting in its rating: the stars, the distribution, the review count,
            its tab's average and the highlights made from them. They describe another place. If the listing moves back
            to that address, they may count again.
          </p>
        </ContentSection>

        <ContentSection id="rewards" title={title("rewards")}>
          <h3>Experience points (XP)</h3>
          <p>XP comes only from these actions, each recorded with the action itself:</p>
          <div className="content-table" role="region" aria-labelledby="xp-caption" tabIndex={0}>
            {xpTable}
          </div>
          <p>
            A verified tenancy earns its holder XP once, whatever they write afterwards. Signing in, viewing pages and
            editing your profile earn nothing. When a moderator removes a review, the XP it
            earned (its own and its helpful votes') is taken back, and so is the XP for answering a request an
            administrator marks arranged; badges once earned stay.
          </p>
          <h3>Tokens</h3>
          <ul>
            <li>Every new account opens with {FACTS.openingTokens} tokens.</li>
            <li>
              Answering a verification request you were asked earns {FACTS.verifierReward} token and its XP, whether you
              approve or reject it, when the request came from the property's owner or from an established member, you are
              linked to neither of them, and it is one of your first {FACTS.rewardedAnswersPerDay} rewarded answers that day
              (UTC). Other answers count just the same for the property, but earn nothing. An approval that waits for an
              administrator earns nothing until an administrator approves it.
            </li>
            <li>
              Asking a landlord to confirm a property from its page earns {FACTS.verifierReward} token when the property is
              verified through your request (the owner, or an administrator, accepts the landlord's confirmation) and you
              are not linked to that landlord.
            </li>
            <li>Tokens and XP paid for a request an administrator marks arranged are taken back (see above).</li>
          </ul>
          <p>
            Tokens cannot be bought, sold or exchanged for money. Every change to a balance is a line in its owner's token
            history.
          </p>
          <div className="content-note">
            <p>
              <strong>No reward depends on a rating or on the answer you give.</strong> A 1-star review earns the same XP as
              a 5-star one, and rejecting a verification request earns the same as approving it. A review's Verified label
              changes no rating and earns nothing. Three rewards follow a verification itself: a property owner's XP for a
              verified property, the token of the member who asked a landlord to confirm it, and a tenant's XP for a
              verified tenancy.
            </p>
          </div>
        </ContentSection>

        <ContentSection id="reporting" title={title("reporting")}>
          <p>
            If a review breaks the rules, sign in and press <strong>Report</strong> on it. Choose a reason (
            {REPORT_REASON_LABELS.join(", ")}) and add details if you like, up to {REVIEW_LIMITS.reportDetailMax}{" "}
            characters. You can report each review once, and not your own. The property's owner may report too.
          </p>
          <p>
            Every report reaches the moderators, who look first at reviews already hidden by reports, then at the most
            reported. Each report keeps the network and browser it was sent from, so that reports from one place or one
            person count once towards hiding a review. <strong>We aim to decide on a reported review within {MODERATION_TARGET}.</strong> To keep reporting
            from being used as a weapon, one account can file at most {FACTS.reportsPerAccount} reports in 24 hours, and one
            network at most {FACTS.reportsPerNetwork}.
          </p>
          <p>
            For anything a report does not cover (a review about you that you want taken down, a question about a
            decision), <Link to="/contact">contact us</Link>: we answer {SUPPORT.response}, {SUPPORT.hours}. Answers to
            common questions are in the <Link to="/faq">FAQ</Link>.
          </p>
        </ContentSection>
      </div>
    </>
  );
}
