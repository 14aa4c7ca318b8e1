import { LogOut, Settings, ShieldCheck, Trophy, LayoutDashboard } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { Link } from "react-router-dom";
import { Avatar } from "@/components/ui/avatar";

interface AccountMenuProps {
  fullName: string;
  email: string;
  profileImage: string;
  initials: string;
  /** An administrator's menu also leads to the administrators' queue (/admin). */
  isAdmin?: boolean;
  onSignOut: () => void;
}

/**
 * AccountMenu is the signed-in user's avatar button and its menu. It is a chunk of its own
 * (the header loads it lazily): a signed-out visitor never downloads the menu's code.
 */
export default function AccountMenu({ fullName, email, profileImage, initials, isAdmin = false, onSignOut }: AccountMenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="account-trigger" aria-label={`Account menu for ${fullName}`}>
          <Avatar src={profileImage} fallback={initials} size="sm" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={8}>
          <DropdownMenu.Label className="menu__label">
            <span className="menu__name">{fullName}</span>
            <span className="menu__email">{email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item asChild className="menu__item">
            <Link to="/dashboard">
              <LayoutDashboard aria-hidden="true" size={16} /> My Dashboard
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="menu__item">
            <Link to="/gamification">
              <Trophy aria-hidden="true" size={16} /> Rewards
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="menu__item">
            <Link to="/settings">
              <Settings aria-hidden="true" size={16} /> Settings
            </Link>
          </DropdownMenu.Item>
          {isAdmin ? (
            <DropdownMenu.Item asChild className="menu__item">
              <Link to="/admin">
                <ShieldCheck aria-hidden="true" size={16} /> Administration
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item className="menu__item" onSelect={onSignOut}>
            <LogOut aria-hidden="true" size={16} /> Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
