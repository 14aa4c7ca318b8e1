import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderApp } from "@/test/render";

// The whole app renders, so a busy machine can take seconds; the checks themselves are quick.
vi.setConfig({ testTimeout: 20_000 });

/** question finds an accordion trigger by its question. */
const question = (name: string) => screen.getByRole("button", { name });

async function openFaq() {
  renderApp({ path: "/faq" });
  await screen.findByRole("heading", { level: 1, name: "Frequently Asked Questions" }, { timeout: 10_000 });
}

describe("FaqPage", () => {
  it("shows the four categories, the title and the way to /contact", async () => {
    await openFaq();
    for (const name of ["General Questions", "For Tenants", "For Landlords", "Technical Support"]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeInTheDocument();
    }
    expect(document.title).toBe("Frequently Asked Questions | RentProof");
    expect(screen.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  });

  it("keeps one item open at a time across the whole page", async () => {
    const user = userEvent.setup();
    await openFaq();
    const first = question("What is RentProof?");
    const other = question("I forgot my password. How do I reset it?"); // another category
    expect(first).toHaveAttribute("aria-expanded", "false");

    await user.click(first);
    expect(first).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText(/rental-property review platform/)).toBeVisible();

    await user.click(other);
    expect(other).toHaveAttribute("aria-expanded", "true");
    expect(first).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByText(/we email a link that sets a new password/)).toBeVisible();
    expect(screen.getAllByRole("button", { expanded: true })).toHaveLength(1);

    // Closing the open one leaves every item closed.
    await user.click(other);
    expect(screen.queryAllByRole("button", { expanded: true })).toHaveLength(0);
  });

  it("opens and closes with the keyboard", async () => {
    const user = userEvent.setup();
    await openFaq();
    question("What is RentProof?").focus();
    await user.keyboard("{Enter}");
    expect(question("What is RentProof?")).toHaveAttribute("aria-expanded", "true");
    await user.keyboard(" ");
    expect(question("What is RentProof?")).toHaveAttribute("aria-expanded", "false");
  });

  it("filters questions and answers by case-insensitive substring", async () => {
    const user = userEvent.setup();
    await openFaq();
    const search = screen.getByRole("searchbox", { name: "Search questions and answers" });

    // "SECURITY QUESTIONS" is in answers (the reset question) and in a question of its own.
    await user.type(search, "SECURITY QUESTIONS");
    expect(question("I forgot my password. How do I reset it?")).toBeInTheDocument();
    expect(question("How do I set my security questions?")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "What is RentProof?" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { level: 2, name: "For Landlords" })).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(/questions? match/);
  });

  it('says "No results found" and Clear Search brings every question back', async () => {
    const user = userEvent.setup();
    await openFaq();
    const search = screen.getByRole("searchbox", { name: "Search questions and answers" });
    await user.type(search, "zzqx no such words");
    const empty = screen.getByRole("region", { name: "No results found" });
    expect(within(empty).getByRole("heading", { name: "No results found" })).toBeInTheDocument();

    await user.click(within(empty).getByRole("button", { name: "Clear Search" }));
    expect(search).toHaveValue("");
    expect(question("What is RentProof?")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Technical Support" })).toBeInTheDocument();
  });
});
