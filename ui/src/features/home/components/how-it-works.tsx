import { Handshake, PenLine, Search, ShieldCheck, type LucideIcon } from "lucide-react";
import { Link } from "react-router-dom";

const STEPS: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: "Find Properties",
    text: "Search by city, neighborhood or postal code and compare homes with ratings from people who lived there.",
    icon: Search,
  },
  {
    title: "Review Your Experience",
    text: "Rate the home, the landlord and the neighborhood. When your stay is verified, by your landlord or from your documents, your review is labelled Verified.",
    icon: PenLine,
  },
  {
    title: "Connect Directly",
    text: "Reach landlords and property managers who answer reviews and keep their listings verified.",
    icon: Handshake,
  },
];

/** HowItWorks explains RentProof in three steps (SPEC §2 "Home"). */
export function HowItWorks() {
  return (
    <section className="section home-section home-section--tinted" aria-labelledby="how-title">
      <div className="container">
        <h2 id="how-title" className="section__title home-section__centered">
          How It Works
        </h2>
        <p className="section__subtitle home-section__centered">Three steps to a rental you can trust.</p>
        <ol className="how-steps">
          {STEPS.map(({ title, text, icon: Icon }, i) => (
            <li key={title} className="card how-steps__item">
              <span className="how-steps__icon">
                <Icon aria-hidden="true" size={26} />
              </span>
              <span className="how-steps__number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ol>
        <p className="home-section__centered how-steps__more">
          <ShieldCheck aria-hidden="true" size={18} />
          <Link to="/about" className="arrow-link">
            Learn more about our verification process
          </Link>
        </p>
      </div>
    </section>
  );
}
