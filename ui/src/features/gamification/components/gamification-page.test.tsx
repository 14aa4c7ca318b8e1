import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import {
  BadgeSchema,
  GamificationService,
  LeaderboardEntrySchema,
  ProfileSchema,
  type GetLeaderboardResponse,
  type Profile,
} from "@/gen/rentproof/gamification/v1/gamification_pb";
import { fakeTransport, makeUser, renderApp } from "@/test/render";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4_000 });

type Init<T> = Partial<Omit<T, "$typeName" | "$unknown">>;

function makeProfile(overrides: Init<Profile> = {}): Profile {
  return create(ProfileSchema, {
    userId: 7,
    username: "dana_whitfield",
    role: "property_manager",
    level: 3,
    levelName: "Contributor",
    xp: 450,
    levelXp: 250,
    nextLevelXp: 500,
    achievements: 2,
    rank: 12,
    badges: [
      create(BadgeSchema, { id: 1, name: "First Review", description: "Posted your first review.", icon: "star", category: "reviews" }),
      create(BadgeSchema, { id: 2, name: "Mystery", description: "An unknown icon.", icon: "rocket", category: "special" }),
    ],
    ...overrides,
  });
}

/** entries is a top of n members; the first chose to show their full name, so the server sends their username. */
function entries(n: number) {
  return Array.from({ length: n }, (_, i) =>
    create(LeaderboardEntrySchema, {
      position: i + 1,
      id: 100 + i,
      username: i === 0 ? "user1" : "",
      firstName: `First${i + 1}`,
      lastName: i === 0 ? "Lastname" : "L.",
      level: 5 - Math.min(i, 4),
      xp: 1000 - i * 10,
    }),
  );
}

interface Setup {
  viewer?: User;
  profile?: () => { initialized: boolean; profile?: Profile };
  leaderboard?: Init<GetLeaderboardResponse>;
  runMigration?: () => { message: string };
  initialize?: () => { message: string };
  nameFails?: boolean;
  path?: string;
}

function setup({
  viewer = makeUser(),
  profile = () => ({ initialized: true, profile: makeProfile() }),
  leaderboard = { entries: entries(4), ownRank: 2 },
  runMigration = () => ({ message: "No pending migrations" }),
  initialize = () => ({ message: "Added 10 levels and 7 badges" }),
  nameFails = false,
  path = "/gamification",
}: Setup = {}) {
  const calls = { profile: 0, leaderboard: 0, names: [] as boolean[] };
  const transport = fakeTransport({
    user: viewer,
    extra: (router) =>
      router.service(GamificationService, {
        getProfile: () => {
          calls.profile++;
          return profile();
        },
        getLeaderboard: () => {
          calls.leaderboard++;
          return leaderboard;
        },
        setLeaderboardName: (req) => {
          calls.names.push(req.showFullName);
          if (nameFails) throw new ConnectError("The database is busy", Code.Unavailable);
          return { showFullName: req.showFullName };
        },
        runMigration: () => runMigration(),
        initialize: () => initialize(),
      }),
  });
  return { ...renderApp({ path, transport }), calls, user: userEvent.setup() };
}

const toasts = () => screen.getByRole("region", { name: "Notifications (F8)" });

describe("/gamification", () => {
  it("shows the profile: level, role, XP over the next level's XP with its bar, the figures and the badges", async () => {
    setup();
    const card = within(await screen.findByRole("region", { name: "dana_whitfield" }));
    expect(screen.getByRole("heading", { level: 1, name: "Rewards" })).toBeInTheDocument();
    const crumbs = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(crumbs).toHaveTextContent(/Home.*Dashboard.*Gamification/);
    expect(within(crumbs).getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(screen.getByRole("tab", { name: "Profile", selected: true })).toBeInTheDocument();

    expect(card.getByText("Property Manager")).toBeInTheDocument();
    expect(card.getByText(/Level 3/)).toHaveTextContent("Level 3 · Contributor");
    expect(card.getByText("/ 500 XP", { exact: false })).toHaveTextContent("450 / 500 XP");
    const bar = card.getByRole("progressbar", { name: "450 / 500 XP" });
    expect(bar).toHaveAttribute("aria-valuenow", "90");
    expect(bar).toHaveAttribute("aria-valuemin", "0");
    expect(bar).toHaveAttribute("aria-valuemax", "100");
    expect(card.getByText("50 XP to level 4")).toBeInTheDocument();

    const figure = (label: string) => card.getByText(label, { selector: "dt" }).nextElementSibling;
    expect(figure("Achievements")).toHaveTextContent("2");
    expect(figure("Badges")).toHaveTextContent("2");
    expect(figure("Rank")).toHaveTextContent("#12");

    const badges = within(card.getByRole("list", { name: "Badges earned" })).getAllByRole("listitem");
    expect(badges.map((b) => b.textContent)).toEqual(["First ReviewPosted your first review.", "MysteryAn unknown icon."]);
    // star maps to its own icon; an unknown name falls back to award.
    expect(badges[0].querySelector("svg")).toHaveClass("lucide-star");
    expect(badges[1].querySelector("svg")).toHaveClass("lucide-award");
    expect(card.queryByText("No badges earned yet. Complete activities to earn badges!")).not.toBeInTheDocument();
  });

  it("says when no badge is earned and the user is not ranked", async () => {
    setup({ profile: () => ({ initialized: true, profile: makeProfile({ badges: [], rank: 0, xp: 0, level: 1, nextLevelXp: 100 }) }) });
    expect(await screen.findByText("No badges earned yet. Complete activities to earn badges!")).toBeInTheDocument();
    const rank = screen.getByText("Rank", { selector: "dt" }).nextElementSibling;
    expect(rank).toHaveTextContent(/^-$/);
    expect(rank).toHaveAccessibleDescription("Rank: Not ranked yet — earn XP to join the leaderboard");
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
  });

  it("shows a full bar at the top level and an estimated rank beyond the first 10,000", async () => {
    setup({
      profile: () => ({
        initialized: true,
        profile: makeProfile({ level: 10, levelName: "RentProof Legend", xp: 6400, levelXp: 6000, nextLevelXp: 6000, rank: 12000, rankApproximate: true }),
      }),
    });
    const bar = await screen.findByRole("progressbar");
    expect(bar).toHaveAttribute("aria-valuenow", "100");
    expect(screen.getByText("Top level reached")).toBeInTheDocument();
    const rank = screen.getByText("Rank", { selector: "dt" }).nextElementSibling;
    expect(rank).toHaveTextContent(/^≈ #12,000$/);
    expect(rank).toHaveAccessibleDescription(/^Rank: estimated/);
  });

  it("lists the XP table in the How XP works disclosure", async () => {
    const { user } = setup();
    await user.click(await screen.findByText("How XP works"));
    const table = screen.getByRole("table", { name: "XP for each action" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[0].textContent)).toEqual(["20", "2", "10", "10", "25", "15"]);
    expect(screen.getByText("Signing in, viewing pages and editing your profile earn nothing.")).toBeVisible();
  });

  it("saves the full-name choice", async () => {
    const { user, calls } = setup();
    const box = await screen.findByRole("checkbox", { name: "Show my full name on the leaderboard" });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(box).toBeChecked();
    await waitFor(() => expect(calls.names).toEqual([true]));
    expect(box).toBeChecked();
  });

  it("puts the full-name choice back when it cannot be saved", async () => {
    const { user, calls } = setup({ nameFails: true });
    const box = await screen.findByRole("checkbox", { name: "Show my full name on the leaderboard" });
    await user.click(box);
    expect(await within(toasts()).findByText("The database is busy")).toBeInTheDocument();
    expect(box).not.toBeChecked();
    expect(calls.names).toEqual([true]);
  });

  it("fetches the leaderboard only when its tab opens, with crowns for the top three and the caller's rank", async () => {
    const { user, calls, router } = setup();
    await screen.findByRole("region", { name: "dana_whitfield" });
    expect(calls.leaderboard).toBe(0);
    await user.click(screen.getByRole("tab", { name: "Leaderboard" }));
    const list = await screen.findByRole("list", { name: "Top Users" });
    expect(calls.leaderboard).toBe(1);
    expect(router.state.location.search).toBe("?tab=leaderboard");
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((r) => r.querySelector(".leaderboard__position")?.textContent)).toEqual(["1st", "2nd", "3rd", "4"]);
    expect(rows[0].querySelector(".leaderboard__crown--gold")).not.toBeNull();
    expect(rows[1].querySelector(".leaderboard__crown--silver")).not.toBeNull();
    expect(rows[2].querySelector(".leaderboard__crown--bronze")).not.toBeNull();
    expect(rows[3].querySelector(".leaderboard__crown")).toBeNull();
    expect(rows[0].querySelector(".leaderboard__who")).toHaveTextContent(/^First1 Lastname@user1$/);
    // A member who keeps the default name: first name and last initial, no username.
    expect(rows[1].querySelector(".leaderboard__who")).toHaveTextContent(/^First2 L\.$/);
    expect(rows[0]).toHaveTextContent("Level 5");
    expect(rows[0]).toHaveTextContent("1,000 XP");
    expect(screen.getByText("Your rank: #2")).toBeInTheDocument();
  });

  it("opens the leaderboard by keyboard", async () => {
    const { user, calls } = setup();
    await screen.findByRole("region", { name: "dana_whitfield" });
    await user.click(screen.getByRole("tab", { name: "Profile" }));
    await user.keyboard("{ArrowRight}");
    expect(await screen.findByRole("tab", { name: "Leaderboard", selected: true })).toHaveFocus();
    expect(await screen.findByRole("heading", { name: "Top Users" })).toBeInTheDocument();
    expect(calls.leaderboard).toBe(1);
  });

  it.each([
    [{ entries: entries(1), ownRank: 12000, ownRankApproximate: true }, "Your rank: ≈ #12,000"],
    [{ entries: entries(1), ownRank: 0 }, "Not ranked yet — earn XP to join the leaderboard"],
  ])("says the caller's rank (%#)", async (leaderboard, text) => {
    setup({ leaderboard, path: "/gamification?tab=leaderboard" });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it("says when nobody is on the leaderboard yet", async () => {
    setup({ leaderboard: { entries: [], ownRank: 0 }, path: "/gamification?tab=leaderboard" });
    expect(await screen.findByRole("heading", { name: "No leaderboard data available yet." })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Top Users" })).not.toBeInTheDocument();
  });

  it("shows an error with a retry when the leaderboard cannot be loaded", async () => {
    let fail = true;
    const transport = fakeTransport({
      user: makeUser(),
      extra: (router) =>
        router.service(GamificationService, {
          getProfile: () => ({ initialized: true, profile: makeProfile() }),
          getLeaderboard: () => {
            if (fail) throw new ConnectError("boom", Code.Internal);
            return { entries: entries(2), ownRank: 1 };
          },
        }),
    });
    renderApp({ path: "/gamification?tab=leaderboard", transport });
    expect(await screen.findByRole("heading", { name: "Server Error" })).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("list", { name: "Top Users" })).toBeInTheDocument();
    expect(screen.getByText("Your rank: #1")).toBeInTheDocument();
  });

  it("shows an error with a retry when the profile cannot be loaded", async () => {
    let fail = true;
    const { user } = setup({
      profile: () => {
        if (fail) throw new ConnectError("boom", Code.Internal);
        return { initialized: true, profile: makeProfile() };
      },
    });
    expect(await screen.findByText("Your rewards could not be loaded.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("region", { name: "dana_whitfield" })).toBeInTheDocument();
  });

  describe("not fully initialised", () => {
    it("explains it to a user who is not an administrator, without the buttons", async () => {
      setup({ profile: () => ({ initialized: false }) });
      expect(await screen.findByRole("heading", { name: "Rewards are not fully initialised" })).toBeInTheDocument();
      expect(screen.getByText(/An administrator needs to initialise them/)).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Step 1: Run Migration" })).not.toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Step 2: Initialize Data" })).not.toBeInTheDocument();
      expect(screen.queryByRole("tab")).not.toBeInTheDocument();
    });

    it("gives an administrator the two steps with SPEC's toasts, then shows the profile", async () => {
      let ready = false;
      const { user, calls } = setup({
        viewer: makeUser({ role: "admin" }),
        profile: () => (ready ? { initialized: true, profile: makeProfile() } : { initialized: false }),
        initialize: () => {
          ready = true;
          return { message: "Added 10 levels and 7 badges" };
        },
      });
      await user.click(await screen.findByRole("button", { name: "Step 1: Run Migration" }));
      expect(await within(toasts()).findByText("Migration Initiated")).toBeInTheDocument();
      expect(within(toasts()).getByText("No pending migrations")).toBeInTheDocument();
      const before = calls.profile;
      await user.click(screen.getByRole("button", { name: "Step 2: Initialize Data" }));
      expect(await within(toasts()).findByText("Gamification Initialized")).toBeInTheDocument();
      expect(await screen.findByRole("region", { name: "dana_whitfield" })).toBeInTheDocument();
      expect(calls.profile).toBeGreaterThan(before);
    });

    it("toasts SPEC's failures: the migration's fixed words, the initialisation's message or default", async () => {
      let message = "only administrators may initialise rewards";
      const { user } = setup({
        viewer: makeUser({ role: "admin" }),
        profile: () => ({ initialized: false }),
        runMigration: () => {
          throw new ConnectError("lock timeout", Code.Internal);
        },
        initialize: () => {
          throw new ConnectError(message, Code.PermissionDenied);
        },
      });
      await user.click(await screen.findByRole("button", { name: "Step 1: Run Migration" }));
      expect(await within(toasts()).findByText("Migration Failed")).toBeInTheDocument();
      expect(within(toasts()).getByText("There was an error running the migration.")).toBeInTheDocument();
      expect(within(toasts()).queryByText("lock timeout")).not.toBeInTheDocument();

      await user.click(screen.getByRole("button", { name: "Step 2: Initialize Data" }));
      expect(await within(toasts()).findByText("only administrators may initialise rewards")).toBeInTheDocument();
      expect(within(toasts()).getByText("Initialization Failed")).toBeInTheDocument();

      message = "";
      await user.click(screen.getByRole("button", { name: "Step 2: Initialize Data" }));
      expect(await within(toasts()).findByText("There was an error initializing gamification data.")).toBeInTheDocument();
    });
  });
});
