import { Building2, PenLine } from "lucide-react";
import { Link } from "react-router-dom";
import { buttonClass } from "@/components/ui/button";
import { useInviteToList } from "@/components/use-invite-to-list";

/**
 * ShareBanner invites tenants to review and landlords to list (SPEC §2 "Home"); a signed-in
 * tenant, who cannot list, is offered the review only.
 */
export function ShareBanner() {
  const inviteToList = useInviteToList();
  return (
    <section className="home-banner" aria-labelledby="share-banner-title">
      <div className="container home-banner__inner">
        <div>
          <h2 id="share-banner-title">Ready to share your experience?</h2>
          <p>Your review helps the next tenant choose well, and helps good landlords stand out.</p>
        </div>
        <div className="home-banner__actions">
          <Link to="/find-properties" className={buttonClass("primary", "lg")}>
            <PenLine aria-hidden="true" size={18} /> Write a Review
          </Link>
          {inviteToList ? (
            <Link to="/add-property" className={buttonClass("secondary", "lg")}>
              <Building2 aria-hidden="true" size={18} /> Add Your Property
            </Link>
          ) : null}
        </div>
      </div>
    </section>
  );
}
