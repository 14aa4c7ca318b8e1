import { Code, ConnectError, createRouterTransport } from "@connectrpc/connect";
import { useQuery } from "@connectrpc/connect-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { AppProviders, createQueryClient } from "@/app/providers";
import { AccountService } from "@/gen/rentproof/account/v1/account_pb";
import { PropertyService } from "@/gen/rentproof/property/v1/property_pb";
import { makeProperty } from "@/test/properties";
import { makeUser } from "@/test/render";
import { SaveButton } from "./save-button";

interface Fake {
  signedIn?: boolean;
  /** Answers SaveProperty with this error instead of saving. */
  saveError?: ConnectError;
  /** Holds SaveProperty until released, to look at the button meanwhile. */
  gate?: Promise<void>;
  /** Holds every GetProperty after the first until released: the refresh after a change. */
  refreshGate?: Promise<void>;
}

/** A server that keeps one user's saved ids and answers GetProperty with the flag. */
function setup({ signedIn = true, saveError, gate, refreshGate }: Fake = {}) {
  const saved = new Set<number>();
  const calls: string[] = [];
  let reads = 0;
  const transport = createRouterTransport((router) => {
    router.service(AccountService, {
      getCurrentUser: () => ({ user: signedIn ? makeUser() : undefined }),
    });
    router.service(PropertyService, {
      async getProperty(req) {
        const flag = saved.has(req.id); // as the server saw it when the read arrived
        if (reads++ > 0) await refreshGate;
        return { property: makeProperty({ id: req.id, saved: flag }) };
      },
      async saveProperty(req) {
        calls.push(`save ${req.propertyId}`);
        await gate;
        if (saveError) throw saveError;
        saved.add(req.propertyId);
        return { savedCount: saved.size };
      },
      unsaveProperty(req) {
        calls.push(`unsave ${req.propertyId}`);
        saved.delete(req.propertyId);
        return { savedCount: saved.size };
      },
    });
  });
  function Page() {
    const { data } = useQuery(PropertyService.method.getProperty, { id: 3 });
    return data?.property ? <SaveButton property={data.property} /> : null;
  }
  render(
    <AppProviders transport={transport} queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={["/properties/3"]}>
        <Routes>
          <Route path="/properties/3" element={<Page />} />
          <Route path="/auth" element={<h1>Sign in</h1>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return { saved, calls };
}

describe("SaveButton", () => {
  it("saves and unsaves from the keyboard, a toggle whose name says what it does", async () => {
    const user = userEvent.setup();
    const { saved, calls } = setup();
    const heart = await screen.findByRole("button", { name: "Save property" });
    expect(heart).toHaveAttribute("aria-pressed", "false");

    await user.tab();
    expect(heart).toHaveFocus();
    await user.keyboard("{Enter}");
    const remove = await screen.findByRole("button", { name: "Remove from saved" });
    expect(remove).toHaveAttribute("aria-pressed", "true");
    await waitFor(() => expect(saved.has(3)).toBe(true));

    await user.keyboard(" ");
    await screen.findByRole("button", { name: "Save property" });
    await waitFor(() => expect(saved.has(3)).toBe(false));
    expect(calls).toEqual(["save 3", "unsave 3"]);
    // After the lists refresh, the flag comes from the server's answer.
    await waitFor(() => expect(screen.getByRole("button", { name: "Save property" })).toHaveAttribute("aria-pressed", "false"));
  });

  it("turns at once, before the server answers", async () => {
    const user = userEvent.setup();
    let release!: () => void;
    setup({ gate: new Promise<void>((resolve) => (release = resolve)) });
    await user.click(await screen.findByRole("button", { name: "Save property" }));
    expect(screen.getByRole("button", { name: "Remove from saved" })).toHaveAttribute("aria-pressed", "true");
    release();
    await waitFor(() => expect(screen.getByRole("button", { name: "Remove from saved" })).toHaveAttribute("aria-pressed", "true"));
  });

  it("takes the next press while the lists refresh, and a late refresh does not undo it", async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const { saved, calls } = setup({ refreshGate: new Promise<void>((resolve) => (release = resolve)) });
    await user.click(await screen.findByRole("button", { name: "Save property" }));
    const remove = screen.getByRole("button", { name: "Remove from saved" });
    await waitFor(() => expect(remove).toHaveAttribute("aria-busy", "false")); // answered; the refresh waits
    await user.click(remove);
    await waitFor(() => expect(saved.has(3)).toBe(false));
    expect(calls).toEqual(["save 3", "unsave 3"]);
    release(); // the refresh read before the unsave says "saved": the latest change still shows
    await waitFor(() => expect(screen.getByRole("button", { name: "Save property" })).toHaveAttribute("aria-busy", "false"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole("button", { name: "Save property" })).toHaveAttribute("aria-pressed", "false");
  });

  it("turns back with a toast when the server refuses", async () => {
    const user = userEvent.setup();
    const message = "You can save up to 500 properties: remove one from your saved properties to save another";
    setup({ saveError: new ConnectError(message, Code.ResourceExhausted) });
    await user.click(await screen.findByRole("button", { name: "Save property" }));
    expect(await screen.findByText("Could not save property")).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save property" })).toHaveAttribute("aria-pressed", "false");
  });

  it("sends a visitor to sign in without calling the server", async () => {
    const user = userEvent.setup();
    const { calls } = setup({ signedIn: false });
    await user.click(await screen.findByRole("button", { name: "Save property" }));
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
