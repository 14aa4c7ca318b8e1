import { Switch } from "radix-ui";
import { Loading, QueryState } from "@/components/ui/query-state";
import type { CategoryPreference } from "@/gen/rentproof/notification/v1/notification_pb";
import { usePreferences, useUpdatePreference } from "../api/use-preferences";
import "../notifications.css";

/** NotificationsIntro opens /settings › Notifications. */
export function NotificationsIntro() {
  return (
    <p className="settings-section__intro">
      You always see your notifications in RentProof. Choose which of them also reach you by email.
    </p>
  );
}

/**
 * NotificationPreferences is /settings › Notifications: one switch per email category, saved as
 * it is flipped. Notifications in the app always arrive; the switches choose email. Security
 * email is listed as always on, its switch fixed.
 */
export function NotificationPreferences() {
  const query = usePreferences();
  const { update, pendingCategory } = useUpdatePreference();
  return (
    <>
      <NotificationsIntro />
      <QueryState
        query={query}
        loading={<Loading label="Loading your email preferences" className="preferences__loading" />}
        error="We could not load your email preferences."
      >
        {(data) => (
          <ul className="preferences">
            {data.categories.map((c) => (
              <PreferenceRow
                key={c.category}
                preference={c}
                saving={pendingCategory === c.category}
                onChange={(on) => update(c.category, on)}
              />
            ))}
          </ul>
        )}
      </QueryState>
    </>
  );
}

interface PreferenceRowProps {
  preference: CategoryPreference;
  saving: boolean;
  onChange: (on: boolean) => void;
}

function PreferenceRow({ preference: c, saving, onChange }: PreferenceRowProps) {
  const id = `email-${c.category}`;
  return (
    <li className="preference">
      <div className="preference__text">
        <label htmlFor={id} className="preference__label">
          {c.label}
        </label>
        <p id={`${id}-description`} className="preference__description">
          {c.description}
          {c.locked ? " Security emails cannot be turned off." : null}
        </p>
      </div>
      <div className="preference__control">
        <Switch.Root
          id={id}
          className="switch"
          checked={c.email}
          disabled={c.locked || saving}
          onCheckedChange={onChange}
          aria-describedby={`${id}-description`}
        >
          <Switch.Thumb className="switch__thumb" />
        </Switch.Root>
        <span className="preference__state" aria-hidden="true">
          {c.locked ? "Always on" : c.email ? "On" : "Off"}
        </span>
      </div>
    </li>
  );
}
