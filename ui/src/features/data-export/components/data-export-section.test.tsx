import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, createRouterTransport, type ServiceImpl } from "@connectrpc/connect";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { AppProviders, createQueryClient } from "@/app/providers";
import { AccountService } from "@/gen/rentproof/account/v1/account_pb";
import { DataExportSchema, DataExportService, type DataExport } from "@/gen/rentproof/account/v1/data_export_pb";
import { makeUser } from "@/test/render";
import { EXPORT_REQUESTED } from "../api/use-data-exports";
import { DataExportSection } from "./data-export-section";

const DAY = 24 * 60 * 60 * 1000;

function makeExport(id: number, overrides: Partial<Omit<DataExport, "$typeName" | "$unknown">> = {}): DataExport {
  return create(DataExportSchema, {
    id: BigInt(id),
    status: "building",
    requestedAt: timestampFromDate(new Date(Date.now() - id * DAY)),
    ...overrides,
  });
}

/** A server holding one member's exports; overrides replace its methods. */
function setup(exports: DataExport[], overrides: Partial<ServiceImpl<typeof DataExportService>> = {}) {
  const list = [...exports];
  let next: Date | undefined;
  const transport = createRouterTransport((router) => {
    router.service(AccountService, { getCurrentUser: () => ({ user: makeUser() }) });
    router.service(DataExportService, {
      listDataExports: () => ({ exports: list, nextRequestAt: next && timestampFromDate(next) }),
      requestDataExport() {
        const e = makeExport(0);
        list.unshift(e);
        next = new Date(Date.now() + DAY);
        return { export: e };
      },
      ...overrides,
    });
  });
  render(
    <AppProviders transport={transport} queryClient={createQueryClient()}>
      <MemoryRouter>
        <DataExportSection />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe("DataExportSection", () => {
  it("says nothing was asked for yet, then asks for a copy from the keyboard and lists it as being prepared", async () => {
    const user = userEvent.setup();
    setup([]);
    expect(screen.getByRole("status", { name: "Loading your data exports" })).toBeInTheDocument();
    expect(await screen.findByText("You have not asked for a copy of your data yet.")).toBeInTheDocument();
    const button = screen.getByRole("button", { name: "Request a copy of your data" });
    button.focus();
    await user.keyboard("{Enter}");
    const toasts = screen.getByRole("region", { name: "Notifications (F8)" });
    await waitFor(() => expect(toasts).toHaveTextContent(EXPORT_REQUESTED));
    const list = await screen.findByRole("list", { name: "Your data exports" });
    expect(within(list).getByText("Being prepared. We will tell you when it is ready.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Request a copy of your data" })).toBeDisabled();
    expect(screen.getByText(/You can ask for your next copy after/)).toBeInTheDocument();
  });

  it("links a ready export for download and says when the others expired or failed", async () => {
    setup([
      makeExport(1, {
        status: "ready",
        bytes: 3n * 1024n * 1024n,
        downloadUrl: "/api/user/exports/0123456789abcdef0123456789abcdef/download",
        expiresAt: timestampFromDate(new Date(Date.now() + 6 * DAY)),
      }),
      makeExport(9, { status: "expired", expiresAt: timestampFromDate(new Date(Date.now() - 2 * DAY)) }),
      makeExport(10, { status: "failed" }),
    ]);
    const list = await screen.findByRole("list", { name: "Your data exports" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    const link = within(items[0]!).getByRole("link", { name: /^Download your data of .* \(zip, 3\.0 MB\)$/ });
    expect(link).toHaveAttribute("href", "/api/user/exports/0123456789abcdef0123456789abcdef/download");
    expect(items[0]).toHaveTextContent("Ready to download until");
    expect(items[1]).toHaveTextContent("Expired on");
    expect(within(items[1]!).queryByRole("link")).toBeNull();
    expect(items[2]).toHaveTextContent("It could not be made. Please ask for a new one.");
  });

  it("shows the server's refusal of a second copy the same day", async () => {
    const user = userEvent.setup();
    setup([], {
      requestDataExport() {
        throw new ConnectError("You can ask for one copy of your data a day. You can ask for the next one after 19:20 on 27 November 2026 UTC.", Code.ResourceExhausted);
      },
    });
    await user.click(await screen.findByRole("button", { name: "Request a copy of your data" }));
    const toasts = screen.getByRole("region", { name: "Notifications (F8)" });
    await waitFor(() => expect(toasts).toHaveTextContent("Your request was not sent"));
    expect(toasts).toHaveTextContent("You can ask for one copy of your data a day.");
  });

  it("says when the exports cannot be loaded, with Try Again", async () => {
    setup([], {
      listDataExports() {
        throw new ConnectError("down", Code.Unavailable);
      },
    });
    expect(await screen.findByText("We could not load your data exports.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try Again" })).toBeInTheDocument();
  });
});
