import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { COPIED_MS, ShareControl } from "./share-control";

const content = {
  url: "https://rentproof.example/properties/3",
  title: "Check out Greystone Condo on RentProof",
  text: "2 bed, 2 bath property in Chicago for $2,650/month",
};

function renderShare() {
  return render(
    <>
      <ShareControl content={content} />
      <Toaster />
    </>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  // navigator.share is only defined by the test that needs it.
  delete (navigator as { share?: unknown }).share;
});

describe("ShareControl", () => {
  it("offers two social networks, a professional network and a messaging service", async () => {
    const user = userEvent.setup();
    renderShare();
    await user.click(screen.getByRole("button", { name: "Share" }));
    const menu = await screen.findByRole("menu");
    const links = within(menu).getAllByRole("menuitem").filter((item) => item.tagName === "A");
    expect(links.map((a) => a.textContent?.replace(" (opens in a new tab)", "").trim())).toEqual([
      "Facebook",
      "X (Twitter)",
      "LinkedIn",
      "WhatsApp",
    ]);
    for (const a of links) {
      expect(a).toHaveAttribute("target", "_blank");
      expect(a.getAttribute("href")).toContain(encodeURIComponent(content.url));
    }
    // No native share on this device: no item for it.
    expect(within(menu).queryByRole("menuitem", { name: "Share via device" })).not.toBeInTheDocument();
  });

  it("copies the link, says Copied for 2 seconds and toasts", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderShare();
    await user.click(screen.getByRole("button", { name: "Share" }));
    await user.click(await screen.findByRole("menuitem", { name: "Copy link" }));

    expect(await screen.findByRole("menuitem", { name: "Copied" })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(content.url);
    const toast = within(screen.getByRole("region", { name: /Notifications/ })).getByRole("listitem");
    expect(toast).toHaveTextContent("Link copied");
    expect(toast).toHaveTextContent("Link has been copied to clipboard");

    act(() => vi.advanceTimersByTime(COPIED_MS - 100));
    expect(screen.getByRole("menuitem", { name: "Copied" })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole("menuitem", { name: "Copy link" })).toBeInTheDocument();
  });

  it("uses the device's share sheet when there is one, and ignores its failures", async () => {
    const share = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new DOMException("cancel", "AbortError"));
    Object.defineProperty(navigator, "share", { value: share, configurable: true, writable: true });
    const user = userEvent.setup();
    renderShare();

    await user.click(screen.getByRole("button", { name: "Share" }));
    await user.click(await screen.findByRole("menuitem", { name: "Share via device" }));
    expect(share).toHaveBeenCalledWith(content);
    expect(await screen.findByText("Shared successfully")).toBeInTheDocument();
    expect(screen.getByText("Content shared via your device")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Share" }));
    await user.click(await screen.findByRole("menuitem", { name: "Share via device" }));
    expect(share).toHaveBeenCalledTimes(2);
    expect(screen.getAllByText("Shared successfully")).toHaveLength(1);
  });
});
