import { Code, ConnectError } from "@connectrpc/connect";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { SAVE_SIGN_IN_MESSAGE } from "@/components/save-button/save-button";
import { AccountService, type User } from "@/gen/rentproof/account/v1/account_pb";
import { PropertyService } from "@/gen/rentproof/property/v1/property_pb";
import { ReviewService } from "@/gen/rentproof/review/v1/review_pb";
import { makeProperty } from "@/test/properties";
import { fakeTransport, makeUser, renderApp } from "@/test/render";

// The whole app through fake services: give it room on a busy machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 4_000 });

const ADA = makeUser({ id: 11, username: "ada_l", firstName: "Ada", lastName: "Lovelace" });

/** A server with one property, one account (ada_l / engines1843) and that account's saved ids. */
function setup() {
  let signedIn: User | undefined;
  const saves: number[] = [];
  const transport = fakeTransport({
    extra: (router) => {
      router.service(AccountService, {
        getCurrentUser: () => ({ user: signedIn }),
        login(req) {
          if (req.username !== ADA.username || req.password !== "engines1843") {
            throw new ConnectError("Invalid username or password", Code.Unauthenticated);
          }
          signedIn = ADA;
          return { user: ADA };
        },
      });
      router.service(PropertyService, {
        getProperty: (req) => ({ property: makeProperty({ id: req.id, saved: Boolean(signedIn) && saves.includes(req.id) }) }),
        listSimilarProperties: () => ({ properties: [] }),
        saveProperty(req) {
          if (!signedIn) throw new ConnectError("Sign in to save properties", Code.Unauthenticated);
          saves.push(req.propertyId);
          return { savedCount: new Set(saves).size };
        },
      });
      router.service(ReviewService, { listPropertyReviews: () => ({ reviews: [] }) });
    },
  });
  return { ...renderApp({ path: "/properties/1", transport }), saves, user: userEvent.setup() };
}

describe("Save while signed out", () => {
  it("says on /auth why, then brings the visitor back to the property and saves it, once", async () => {
    const { user, router, saves } = setup();
    await user.click(await screen.findByRole("button", { name: "Save property" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(await screen.findByText(SAVE_SIGN_IN_MESSAGE)).toBeInTheDocument();
    expect(saves).toEqual([]);

    const login = screen.getByRole("tabpanel", { name: "Login" });
    await user.type(within(login).getByLabelText("Username or Email"), "ada_l");
    await user.type(within(login).getByLabelText("Password"), "engines1843{Enter}");

    await waitFor(() => expect(router.state.location.pathname).toBe("/properties/1"));
    await waitFor(() => expect(saves).toEqual([1]));
    await waitFor(() => expect(screen.getByRole("button", { name: "Remove from saved" })).toHaveAttribute("aria-pressed", "true"));
    // The request is taken out of the history entry: nothing saves it again.
    await waitFor(() => expect(router.state.location.state).toBeNull());
    await router.navigate("/auth");
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe("/properties/1"));
    expect(saves).toEqual([1]);
  });

  it("says nothing of saving on /auth when a visitor comes there for another reason", async () => {
    const { user, router } = setup();
    await user.click(await screen.findByRole("link", { name: "Sign In" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    await screen.findByRole("tab", { name: "Login" });
    expect(screen.queryByText(SAVE_SIGN_IN_MESSAGE)).not.toBeInTheDocument();
  });
});
