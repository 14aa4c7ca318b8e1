import { Info } from "lucide-react";
import { useRef, useState, type ReactNode } from "react";
import { Navigate, useLocation, type To } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { usePageTitle } from "@/lib/use-page-title";
import { useCurrentUser } from "../api/use-current-user";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";
import "../auth.css";

/** The sign-in page tagline of SPEC §1. */
export const AUTH_TAGLINE = "Connect with landlords and tenants globally through verified reviews";

type AuthTab = "login" | "register";

/**
 * afterSignIn is where a signed-in user goes from /auth: back to the page the
 * protected-route guard sent them from (location.state.from), otherwise home.
 */
export function afterSignIn(state: unknown): To {
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null)?.from;
  const path = from?.pathname;
  // Only a path of this site (not "//host", which a browser reads as another origin).
  if (typeof path === "string" && path.startsWith("/") && !path.startsWith("//") && path !== "/auth") {
    return {
      pathname: path,
      search: typeof from?.search === "string" ? from.search : "",
      hash: typeof from?.hash === "string" ? from.hash : "",
    };
  }
  return "/";
}

/**
 * returnState is the state of the page the user came from (location.state.from.state), given back
 * to it after signing in: what the page was asked to do once the user is signed in (a property's
 * Save saves it then).
 */
export function returnState(state: unknown): unknown {
  return (state as { from?: { state?: unknown } } | null)?.from?.state ?? null;
}

/**
 * signInReason is why the page that sent the user here asked them to sign in
 * (location.state.message: "Sign in to save properties…"), or null.
 */
export function signInReason(state: unknown): string | null {
  const message = (state as { message?: unknown } | null)?.message;
  return typeof message === "string" && message.trim() ? message : null;
}

/**
 * AuthPage is /auth (SPEC §2 "Authentication page"): Login and Register tabs. A user
 * who is signed in — already, or just now by one of the forms — is sent on at once.
 * Both panels stay mounted once shown, so switching tabs keeps what was typed. An action that sent a visitor
 * here says why above the forms, and gets its page back with its state once they are signed in.
 */
export function AuthPage({ passkeySignIn }: { passkeySignIn?: ReactNode } = {}) {
  usePageTitle("Sign In");
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();
  const [tab, setTab] = useState<AuthTab>("login");
  // The Register panel is built the first time it is chosen (half the page's first render, which
  // most visitors, signing in, never need), then stays mounted like the Login one.
  const [registerOpened, setRegisterOpened] = useState(false);
  if (tab === "register" && !registerOpened) setRegisterOpened(true);
  const loginTab = useRef<HTMLButtonElement>(null);
  const registerTab = useRef<HTMLButtonElement>(null);

  // The "Create an account" / "Log in instead" buttons disappear with their panel:
  // move focus to the tab they chose rather than losing it.
  const switchTo = (next: AuthTab) => {
    setTab(next);
    (next === "login" ? loginTab : registerTab).current?.focus();
  };

  if (user) return <Navigate to={afterSignIn(location.state)} state={returnState(location.state)} replace />;
  const reason = signInReason(location.state);
  // An emailed sign-in link opens /auth?link=…: its token goes with this browser's sign-in.
  const signInLink = new URLSearchParams(location.search).get("link") ?? "";

  return (
    <>
      <PageHeader title="Sign In">
        <p>{AUTH_TAGLINE}</p>
      </PageHeader>
      <div className="container section auth-layout">
        {isLoading ? (
          // Until the session is known, a signed-in visitor must not see the forms flash.
          <Spinner label="Loading" className="auth-layout__spinner" />
        ) : (
          <div className="card auth-card">
            {reason ? (
              <div className="notice notice--info auth-card__reason">
                <Info aria-hidden="true" size={20} className="notice__icon" />
                <p>{reason}</p>
              </div>
            ) : null}
            <Tabs value={tab} onValueChange={(value) => setTab(value === "register" ? "register" : "login")}>
              <TabsList aria-label="Sign in or create an account" className="auth-tabs">
                <TabsTrigger ref={loginTab} value="login">
                  Login
                </TabsTrigger>
                <TabsTrigger ref={registerTab} value="register">
                  Register
                </TabsTrigger>
              </TabsList>
              <TabsContent value="login" forceMount hidden={tab !== "login"}>
                <LoginForm onRegisterInstead={() => switchTo("register")} signInLink={signInLink} alternative={passkeySignIn} />
              </TabsContent>
              <TabsContent value="register" forceMount hidden={tab !== "register"}>
                {registerOpened ? <RegisterForm onLoginInstead={() => switchTo("login")} /> : null}
              </TabsContent>
            </Tabs>
          </div>
        )}
      </div>
    </>
  );
}
