import { Wrench } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { useInitialize, useRunMigration } from "../api/use-gamification";

/**
 * NotInitialized is the page while the levels and badges are not set up ("not fully initialised",
 * SPEC §2): administrators get SPEC §6's two buttons, everyone else an explanation. The server
 * refuses both calls to anyone but an administrator.
 */
export function NotInitialized({ admin }: { admin: boolean }) {
  const headingId = useId();
  const migrate = useRunMigration();
  const initialize = useInitialize();
  return (
    <section className="card gamification-card gamification-setup" aria-labelledby={headingId}>
      <Wrench className="gamification-setup__icon" aria-hidden="true" size={36} />
      <h2 id={headingId} className="gamification-card__title">
        Rewards are not fully initialised
      </h2>
      {admin ? (
        <>
          <p className="muted">
            The levels and badges have not been set up yet. Step 1 applies any pending database migrations (normally
            none: the server applies them when it starts); Step 2 adds the levels and badges and awards the XP that
            existing activity has already earned. Running either again changes nothing.
          </p>
          <div className="gamification-setup__actions">
            <Button variant="outline" onClick={() => migrate.mutate({})} disabled={migrate.isPending} aria-busy={migrate.isPending}>
              Step 1: Run Migration
            </Button>
            <Button onClick={() => initialize.mutate({})} disabled={initialize.isPending} aria-busy={initialize.isPending}>
              Step 2: Initialize Data
            </Button>
          </div>
        </>
      ) : (
        <p className="muted">
          Experience points, levels, badges and the leaderboard are not set up on RentProof yet. An administrator needs to
          initialise them; please check back later. Your activity still counts.
        </p>
      )}
    </section>
  );
}
