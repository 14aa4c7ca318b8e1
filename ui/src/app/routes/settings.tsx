import type { ReactNode } from "react";
import { acceptFirstLoad } from "@/app/first-load";
import { PageHeader } from "@/components/layout/page-header";
import { DeleteAccount } from "@/features/account-closure/components/delete-account";
import { ChangePasswordForm } from "@/features/account-security/components/change-password-form";
import { ChosenQuestions } from "@/features/account-security/components/chosen-questions";
import { SessionsList } from "@/features/account-security/components/sessions-list";
import { SecurityQuestionsEditor } from "@/features/auth/components/security-questions-editor";
import { DataExportSection } from "@/features/data-export/components/data-export-section";
import { NotificationPreferences, NotificationsIntro } from "@/features/notifications/components/notification-preferences";
import { PasskeySettings } from "@/features/passkeys/components/passkey-settings";
import { AccountService } from "@/gen/rentproof/account/v1/account_pb";
import { AccountSecurityService } from "@/gen/rentproof/account/v1/account_security_pb";
import { DataExportService } from "@/gen/rentproof/account/v1/data_export_pb";
import { PasskeyService } from "@/gen/rentproof/account/v1/passkey_pb";
import { NotificationService } from "@/gen/rentproof/notification/v1/notification_pb";
import { usePageTitle } from "@/lib/use-page-title";
import "./settings.css";

// The page comes with every section's list (internal/web/firstload.go, settingsCalls).
acceptFirstLoad(
  NotificationService.method.getNotificationPreferences,
  PasskeyService.method.listPasskeys,
  AccountSecurityService.method.listSessions,
  AccountService.method.getSecurityQuestions,
  AccountService.method.listSecurityQuestions,
  DataExportService.method.listDataExports,
);

/** SettingsSection is one section of /settings, in the order the page shows them. */
interface SettingsSection {
  /** The section's anchor (/settings#id) and the base of its heading's id. */
  id: string;
  title: string;
  content: ReactNode;
}

// Later sections (password, passkeys, …) are added here.
const SECTIONS: SettingsSection[] = [
  { id: "notifications", title: "Notifications", content: <NotificationPreferences /> },
  { id: "password", title: "Password", content: <ChangePasswordForm /> },
  { id: "sessions", title: "Sessions", content: <SessionsList /> },
  { id: "security-questions", title: "Security questions", content: <><ChosenQuestions /><SecurityQuestionsEditor /></> },
  { id: "passkeys", title: "Passkeys", content: <PasskeySettings /> },
  { id: "your-data", title: "Your data", content: <DataExportSection /> },
  { id: "delete-account", title: "Delete account", content: <DeleteAccount /> },
];

/**
 * SettingsRoute is /settings (behind ProtectedRoute): the member's account settings, one section
 * each, listed at the top so a section can be reached directly (/settings#notifications).
 */
export function SettingsRoute() {
  usePageTitle("Settings");
  return (
    <SettingsFrame>
      {SECTIONS.map((s) => (
        <Section key={s.id} section={s} />
      ))}
    </SettingsFrame>
  );
}

/**
 * SettingsSkeleton is what the server sends a member opening /settings before the app starts
 * (src/app/member-skeletons.tsx): the page's frame and the start of its first section.
 */
export function SettingsSkeleton() {
  return (
    <SettingsFrame>
      <Section section={{ ...SECTIONS[0], content: <NotificationsIntro /> }} />
    </SettingsFrame>
  );
}

function SettingsFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <PageHeader title="Settings" />
      <div className="container settings">
        <nav aria-label="Settings sections" className="settings__nav">
          <ul>
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="settings__sections">{children}</div>
      </div>
    </>
  );
}

function Section({ section }: { section: SettingsSection }) {
  return (
    <section id={section.id} aria-labelledby={`${section.id}-heading`} className="settings-section">
      <h2 id={`${section.id}-heading`} className="settings-section__title">
        {section.title}
      </h2>
      {section.content}
    </section>
  );
}
