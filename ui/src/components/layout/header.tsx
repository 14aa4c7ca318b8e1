import { Menu, X } from "lucide-react";
import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { Link, NavLink } from "react-router-dom";
import { Avatar } from "@/components/ui/avatar";
import { buttonClass } from "@/components/ui/button";
import { MAIN_NAV, SITE } from "@/lib/site";
import { initials } from "@/lib/text";

/** HeaderUser is what the header shows of the signed-in user. */
export interface HeaderUser {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  profileImage: string;
  /** "admin" adds the administrators' queue to the account menus (the server guards /admin itself). */
  role?: string;
}

interface HeaderProps {
  /** The signed-in user, or null when signed out. */
  user: HeaderUser | null;
  /** True while the session is being checked (neither Sign In nor the avatar is shown). */
  userLoading?: boolean;
  /** The signed-in user's unread notification count (the bell). */
  unread?: number;
  onSignOut: () => void;
}

const MOBILE_MENU_ID = "mobile-menu";

const AccountMenu = lazy(() => import("./account-menu"));
// Members only, like the menu: a visitor's first load carries neither.
const NotificationBell = lazy(async () => ({ default: (await import("./notification-bell")).NotificationBell }));

function navClass({ isActive }: { isActive: boolean }) {
  return isActive ? "nav-link nav-link--active" : "nav-link";
}

/**
 * Header is the shared top bar (SPEC §2 "Shared chrome"): logo, main navigation
 * with the current item marked (aria-current="page"), the account area, and a
 * menu toggled by a button at phone widths.
 */
export function Header({ user, userLoading = false, unread = 0, onSignOut }: HeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);
  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() || user.username : "";
  const userInitials = user ? initials(user.firstName, user.lastName) || initials(user.username) : "";

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="brand" onClick={closeMenu}>
          <img src="/images/logo.svg" alt="" width={32} height={32} className="brand__logo" />
          <span className="brand__name">{SITE.name}</span>
        </Link>

        <nav aria-label="Main" className="main-nav">
          <ul>
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={navClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="header-actions">
          {/* A slot of fixed size: Sign In, the avatar and the wait for the session all fit it,
              so nothing in the header moves when the current user arrives. */}
          <div className="header-account">
            {userLoading ? null : user ? (
              <>
                <Suspense fallback={<span className="bell" aria-hidden="true" />}>
                  <NotificationBell unread={unread} />
                </Suspense>
                <Suspense
                  fallback={
                    <span className="account-trigger">
                      <Avatar src={user.profileImage} fallback={userInitials} size="sm" />
                    </span>
                  }
                >
                  <AccountMenu
                    fullName={fullName}
                    isAdmin={user.role === "admin"}
                    email={user.email}
                    profileImage={user.profileImage}
                    initials={userInitials}
                    onSignOut={onSignOut}
                  />
                </Suspense>
              </>
            ) : (
              <Link to="/auth" className={buttonClass("primary", "sm", "header-signin")}>
                Sign In
              </Link>
            )}
          </div>

          <button
            ref={toggleRef}
            type="button"
            className="menu-toggle"
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" size={22} /> : <Menu aria-hidden="true" size={22} />}
          </button>
        </div>
      </div>

      <div id={MOBILE_MENU_ID} className="mobile-menu" hidden={!menuOpen}>
        <nav aria-label="Mobile" className="container">
          <ul className="mobile-menu__list">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={navClass} onClick={closeMenu}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mobile-menu__account">
            {user ? (
              <>
                <div className="mobile-menu__user">
                  <Avatar src={user.profileImage} fallback={userInitials} size="sm" />
                  <span>{fullName}</span>
                </div>
                <ul className="mobile-menu__list">
                  <li>
                    <NavLink to="/dashboard" end className={navClass} onClick={closeMenu}>
                      My Dashboard
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to="/gamification" className={navClass} onClick={closeMenu}>
                      Rewards
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to="/settings" className={navClass} onClick={closeMenu}>
                      Settings
                    </NavLink>
                  </li>
                  {user.role === "admin" ? (
                    <li>
                      <NavLink to="/admin" className={navClass} onClick={closeMenu}>
                        Administration
                      </NavLink>
                    </li>
                  ) : null}
                </ul>
                <button
                  type="button"
                  className={buttonClass("outline", "md", "mobile-menu__signout")}
                  onClick={() => {
                    closeMenu();
                    onSignOut();
                  }}
                >
                  Sign Out
                </button>
              </>
            ) : userLoading ? null : (
              <Link to="/auth" className={buttonClass("primary", "md", "mobile-menu__signin")} onClick={closeMenu}>
                Sign In
              </Link>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
