import { Mail } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { buttonClass } from "@/components/ui/button";
import { usePageTitle } from "@/lib/use-page-title";
import { INVEST_MAILBOX, ROUND, USE_OF_FUNDS, formatUSD, formatUSDShort } from "../seed-round";
import { PlatformStats } from "./platform-stats";
import "../invest.css";

const MAILTO = `mailto:${INVEST_MAILBOX}?subject=${encodeURIComponent("RentProof seed round")}`;

/** The round's terms as the page lists them. */
const TERMS: { label: string; value: string; detail?: string }[] = [
  { label: "Round", value: "Seed" },
  { label: "Raising", value: `${formatUSDShort(ROUND.target)} USD` },
  { label: "Minimum investment", value: formatUSD(ROUND.minimum) },
  { label: "Instrument", value: ROUND.instrument, detail: "Simple Agreement for Future Equity" },
];

interface InvestSectionProps {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}

/** InvestSection is one part of the page: a region named by its h2. */
function InvestSection({ id, title, className, children }: InvestSectionProps) {
  return (
    <section className={["invest-section", className].filter(Boolean).join(" ")} aria-labelledby={id}>
      <h2 id={id} className="section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** NotAnOffer is the plain notice the page carries: information, not an offer of securities. */
function NotAnOffer() {
  return (
    <aside className="invest-notice" aria-labelledby="invest-notice-title">
      <h2 id="invest-notice-title" className="invest-notice__title">
        This page is not an offer of securities
      </h2>
      <p>
        It is information about RentProof&apos;s plans, not an offer to sell or a solicitation of an offer to buy any
        security. An investment can be made only through signed definitive documents, by investors who qualify under the
        securities laws that apply to them (in the United States, accredited investors). Figures about the future are plans,
        not promises; investing in an early-stage company can lose all of the money invested.
      </p>
    </aside>
  );
}

/**
 * InvestPage is /invest (SPEC §2 "Investor page"): the seed round ($1M USD, minimum $50,000, a
 * SAFE), the live platform figures, the use of funds (60/25/15), the founder and how to get in
 * touch, with the notice that it is not an offer of securities.
 */
export function InvestPage() {
  usePageTitle("Invest in RentProof");
  return (
    <>
      <PageHeader title="Invest in RentProof">
        <p>
          Renters decide where to live for years on the strength of a few photos and reviews nobody checked. RentProof
          makes those reviews worth trusting. We are raising a seed round to take it from a working product to the cities
          where renters need it.
        </p>
      </PageHeader>

      <div className="container section invest">
        <NotAnOffer />

        <InvestSection id="invest-round" title="The seed round">
          <dl className="invest-terms">
            {TERMS.map((term) => (
              <div key={term.label} className="invest-terms__item">
                <dt>{term.label}</dt>
                <dd>{term.value}</dd>
                {term.detail ? <dd className="invest-terms__detail">{term.detail}</dd> : null}
              </div>
            ))}
          </dl>
          <p>
            The SAFE converts into equity at the next priced round. Its valuation cap and discount are in the term sheet,
            which we send on request with the investor deck.
          </p>
        </InvestSection>

        <InvestSection id="invest-why" title="Why RentProof">
          <ul className="invest-points">
            <li>
              <strong>Reviews with evidence.</strong> A property&apos;s badge names its proof: confirmed by established
              users, ownership documents checked by an administrator, or a paid priority check. Owners cannot rate their
              own homes, and reports alone cannot remove a review: a moderator decides.
            </li>
            <li>
              <strong>Both sides of the lease.</strong> Tenants review homes and landlords; landlords review tenants and
              answer reviews in public. Tokens and experience points reward contributions (reviews, listings, answers to
              verification requests), never a particular rating or outcome.
            </li>
            <li>
              <strong>Built to scale from day one.</strong> One Go server with Connect, gRPC and REST interfaces on
              PostgreSQL: on a two-core machine it answers close to 10,000 property searches a second against 100,000
              listings and a million reviews, with search latency under 2 ms at the 99th percentile.
            </li>
            <li>
              <strong>Ready for review-platform rules.</strong> Our <Link to="/how-reviews-work">How Reviews Work</Link>{" "}
              disclosure is the kind the EU Omnibus Directive and the UK&apos;s Digital Markets, Competition and Consumers
              Act expect of review platforms.
            </li>
          </ul>
        </InvestSection>

        <InvestSection id="invest-stats" title="RentProof today">
          <p className="section__subtitle">Live figures from our database, refreshed every minute.</p>
          <PlatformStats />
        </InvestSection>

        <InvestSection id="invest-funds" title="Use of funds">
          <ul className="invest-funds">
            {USE_OF_FUNDS.map((use) => (
              <li key={use.label} className="invest-funds__item">
                <div className="invest-funds__head">
                  <h3 className="invest-funds__label">{use.label}</h3>
                  <p className="invest-funds__figure">
                    <strong>{use.share}%</strong> <span className="muted">{formatUSD((ROUND.target * use.share) / 100)}</span>
                  </p>
                </div>
                <div className="invest-funds__bar" aria-hidden="true">
                  <span style={{ width: `${use.share}%` }} />
                </div>
                <p>{use.detail}</p>
              </li>
            ))}
          </ul>
        </InvestSection>

        <InvestSection id="invest-founder" title="The founder" className="invest-founder">
          <div className="invest-founder__card">
            <div className="invest-founder__avatar" aria-hidden="true">
              RP
            </div>
            <div>
              <h3 className="invest-founder__name">Founder and CEO</h3>
              <p>
                RentProof is the work of a solo entrepreneur, who designed, built and runs all of it: the product and its
                rules, the server and the web app, verification and moderation, and the operations behind them.
              </p>
              <p>
                This round pays for the first hires, so that the founder can lead product and growth while a small team
                takes over engineering and operations. The founder&apos;s background and references are shared with
                investors on request.
              </p>
            </div>
          </div>
        </InvestSection>

        <InvestSection id="invest-contact" title="Talk to us" className="invest-cta">
          <p>
            For the investor deck, the term sheet or a call with the founder, write to{" "}
            <a href={MAILTO}>{INVEST_MAILBOX}</a>.
          </p>
          <a className={buttonClass("primary", "lg")} href={MAILTO}>
            <Mail aria-hidden="true" size={18} />
            Contact the founder
          </a>
        </InvestSection>
      </div>
    </>
  );
}
