import { Building2, MessageSquare, Users, UserCheck, type LucideIcon } from "lucide-react";

/** The headline statistics: fixed text, not fetched (SPEC §1, §2). */
export const HOME_STATS: { value: string; label: string; icon: LucideIcon }[] = [
  { value: "5,780+", label: "Properties", icon: Building2 },
  { value: "12,500+", label: "Reviews", icon: MessageSquare },
  { value: "3,200+", label: "Landlords", icon: UserCheck },
  { value: "8,400+", label: "Tenants", icon: Users },
];

/** HomeStats is the band of four headline statistics under the hero. */
export function HomeStats() {
  return (
    <section className="home-stats" aria-label="RentProof in numbers">
      <dl className="container home-stats__grid">
        {HOME_STATS.map(({ value, label, icon: Icon }) => (
          <div key={label} className="home-stats__item">
            <Icon aria-hidden="true" size={26} className="home-stats__icon" />
            <dt className="home-stats__label">{label}</dt>
            <dd className="home-stats__value">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
