import { Quote } from "lucide-react";
import { Avatar } from "@/components/ui/avatar";
import { initials } from "@/lib/text";

/**
 * The three fixed testimonials (SPEC §2 "Home"): a tenant, a landlord and a property manager, each
 * with a city. They are not quotes from members or reviews of listed homes, and the section says
 * so: they illustrate what the site is for.
 */
export const TESTIMONIALS = [
  {
    quote:
      "I read the reviews of my building before signing and knew exactly what I was getting: the heating works, the super answers, and the neighbours are as quiet as promised.",
    name: "Priya Natarajan",
    role: "Tenant",
    city: "Toronto",
  },
  {
    quote:
      "Verification set my listings apart: tenants can see how each one was checked, and honest feedback has helped me fix things before they became problems.",
    name: "Marcus Feld",
    role: "Landlord",
    city: "Chicago",
  },
  {
    quote:
      "We manage forty units. RentProof shows us what residents value most, and our good reviews now bring us applicants without paid ads.",
    name: "Elena Rossi",
    role: "Property Manager",
    city: "London",
  },
] as const;

/** TESTIMONIALS_NOTE says what the quotes are, under the section's title. */
export const TESTIMONIALS_NOTE = "Illustrative stories of the people RentProof is built for, not quotes from members or reviews of listed homes.";

/** Testimonials shows the three fixed quotes, labelled as illustrations. */
export function Testimonials() {
  return (
    <section className="section home-section home-section--tinted" aria-labelledby="testimonials-title">
      <div className="container">
        <h2 id="testimonials-title" className="section__title home-section__centered">
          What RentProof Is For
        </h2>
        <p className="section__subtitle home-section__centered">{TESTIMONIALS_NOTE}</p>
        <ul className="testimonials">
          {TESTIMONIALS.map((t) => {
            const [first, last] = t.name.split(" ");
            return (
              <li key={t.name}>
                <figure className="card testimonial">
                  <Quote className="testimonial__icon" aria-hidden="true" size={26} />
                  <blockquote>
                    <p>{t.quote}</p>
                  </blockquote>
                  <figcaption className="author">
                    <Avatar fallback={initials(first, last)} size="sm" />
                    <span className="author__text">
                      <span className="author__name">{t.name}</span>
                      <span className="author__title">
                        {t.role}, {t.city}
                      </span>
                    </span>
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
