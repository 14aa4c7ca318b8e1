import { FileSignature, Scale, ShieldCheck, type LucideIcon } from "lucide-react";
import { Link } from "react-router-dom";

interface MustReadItem {
  title: string;
  description: string;
  to: string;
  linkLabel: string;
  icon: LucideIcon;
}

// Static editorial picks (SPEC §2: "static must-read cards"). They point to the
// library's categories rather than to article ids, which the seed data may change.
const MUST_READ: MustReadItem[] = [
  {
    title: "Know Your Rights as a Tenant",
    description:
      "Security deposits, repairs, privacy and notice periods: the essentials every renter should know before signing.",
    to: "/resources?category=tenant",
    linkLabel: "Read tenant guides",
    icon: ShieldCheck,
  },
  {
    title: "The Landlord's Compliance Checklist",
    description:
      "Fair screening, safe homes and clear paperwork: the habits that keep landlords on the right side of the law.",
    to: "/resources?category=landlord",
    linkLabel: "Read landlord guides",
    icon: FileSignature,
  },
  {
    title: "Reading a Lease Before You Sign",
    description:
      "Which clauses matter, which are negotiable and which may not hold up: plain-language legal help for both sides.",
    to: "/resources?category=legal",
    linkLabel: "Read legal information",
    icon: Scale,
  },
];

/** MustRead is the fixed "Must-Read Guides" section of the resource library. */
export function MustRead() {
  return (
    <section className="section must-read" aria-labelledby="must-read-title">
      <h2 id="must-read-title" className="section__title">
        Must-Read Guides
      </h2>
      <p className="section__subtitle">Start here if you are new to renting or letting.</p>
      <ul className="must-read__grid">
        {MUST_READ.map((item) => {
          const Icon = item.icon;
          return (
            <li key={item.title} className="card must-read__card">
              <span className="must-read__icon">
                <Icon aria-hidden="true" size={24} />
              </span>
              <h3>{item.title}</h3>
              <p>{item.description}</p>
              <Link to={item.to} className="arrow-link">
                {item.linkLabel}
                <span aria-hidden="true"> →</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
