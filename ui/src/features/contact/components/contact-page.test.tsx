import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ContactService, type SendContactMessageRequest } from "@/gen/rentproof/contact/v1/contact_pb";
import { gate } from "@/test/gate";
import { fakeTransport, renderApp } from "@/test/render";

type Answer = "ok" | ConnectError;

/** renderPage opens /contact with a fake ContactService answering each send from `answers`. */
async function renderPage(answers: Answer[] = ["ok"], hold?: () => Promise<void>) {
  const sent: SendContactMessageRequest[] = [];
  const transport = fakeTransport({
    extra: (router) =>
      router.service(ContactService, {
        async sendContactMessage(req) {
          sent.push(req);
          await hold?.();
          const answer = answers.shift() ?? "ok";
          if (answer !== "ok") throw answer;
          return {};
        },
      }),
  });
  renderApp({ path: "/contact", transport });
  await screen.findByRole("heading", { level: 1, name: "Contact Us" });
  return { sent, user: userEvent.setup() };
}

function notifications() {
  return screen.getByRole("region", { name: "Notifications (F8)" });
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Name"), "  Ada Lovelace ");
  await user.type(screen.getByLabelText("Email"), "ada@example.com");
  await user.selectOptions(screen.getByLabelText("Subject"), "Technical Support");
  await user.type(screen.getByLabelText("Message"), "The map on my listing is blank.");
}

describe("ContactPage", () => {
  it("shows the details, mailboxes, hours, promise, FAQ link and map", async () => {
    await renderPage();
    expect(document.title).toBe("Contact Us | RentProof");
    expect(screen.getByText("Monday to Friday, 9 AM to 5 PM EST")).toBeInTheDocument();
    expect(screen.getByText(/We reply to every message within 24 hours/)).toBeInTheDocument();
    for (const mailbox of ["landlords@rentproof.com", "press@rentproof.com", "abuse@rentproof.com"]) {
      expect(screen.getByRole("link", { name: mailbox })).toHaveAttribute("href", `mailto:${mailbox}`);
    }
    expect(screen.getByRole("link", { name: "Browse the FAQ" })).toHaveAttribute("href", "/faq");
    expect(await screen.findByRole("link", { name: /Open in maps/ })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Subject" })).toHaveTextContent(
      "Select a subjectGeneral InquiryTechnical SupportFeedbackBusiness & PartnershipsReport a Problem",
    );
  });

  it("says SPEC's messages and counts the message's characters", async () => {
    const { user, sent } = await renderPage();
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(screen.getByLabelText("Name")).toHaveAccessibleDescription("Name must be at least 2 characters");
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Please enter a valid email address");
    expect(screen.getByLabelText("Subject")).toHaveAccessibleDescription("Please select a subject");
    expect(screen.getByLabelText("Message")).toHaveAccessibleDescription("0/500 Message must be at least 10 characters");
    await user.type(screen.getByLabelText("Message"), "Hello ✨");
    expect(screen.getByLabelText("Message")).toHaveAccessibleDescription("7/500 Message must be at least 10 characters");
    await user.clear(screen.getByLabelText("Message"));
    await user.click(screen.getByLabelText("Message"));
    await user.paste("x".repeat(501));
    expect(screen.getByLabelText("Message")).toHaveAccessibleDescription("501/500 Message cannot exceed 500 characters");
    expect(sent).toHaveLength(0);
  });

  it("says Sending..., then Message sent! and Message Sent!; Send Another Message empties the form", async () => {
    const { hold, release } = gate();
    const { user, sent } = await renderPage(["ok"], hold);
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByRole("button", { name: "Sending..." })).toBeDisabled();
    release();
    expect(await screen.findByRole("heading", { name: "Message Sent!" })).toHaveFocus();
    await waitFor(() => expect(notifications()).toHaveTextContent("Message sent!"));
    expect(sent).toEqual([
      expect.objectContaining({ name: "Ada Lovelace", email: "ada@example.com", subject: "support", message: "The map on my listing is blank.", website: "" }),
    ]);
    await user.click(screen.getByRole("button", { name: "Send Another Message" }));
    expect(screen.getByLabelText("Name")).toHaveValue("");
    expect(screen.getByLabelText("Name")).toHaveFocus();
    expect(screen.getByLabelText("Message")).toHaveValue("");
    expect(screen.getByLabelText("Subject")).toHaveValue("");
    expect(screen.getByLabelText("Message")).toHaveAccessibleDescription("0/500");
  });

  it("keeps everything typed when sending fails, with SPEC's toast and the server's reason", async () => {
    const { user, sent } = await renderPage([
      new ConnectError("Too many messages from your network: please try again later", Code.ResourceExhausted),
      "ok",
    ]);
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() => expect(notifications()).toHaveTextContent("Something went wrong"));
    expect(notifications()).toHaveTextContent("Your message couldn't be sent. Please try again.");
    expect(screen.getByRole("alert")).toHaveTextContent("Too many messages from your network: please try again later");
    expect(screen.getByLabelText("Name")).toHaveValue("  Ada Lovelace ");
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
    expect(screen.getByLabelText("Subject")).toHaveValue("support");
    expect(screen.getByLabelText("Message")).toHaveValue("The map on my listing is blank.");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByRole("heading", { name: "Message Sent!" })).toBeInTheDocument();
    expect(sent).toHaveLength(2);
  });

  it("hides the honeypot from people and assistive technology", async () => {
    await renderPage();
    const trap = screen.getByLabelText("Leave this field empty");
    expect(trap).toHaveAttribute("tabindex", "-1");
    expect(trap.closest("[aria-hidden='true']")).not.toBeNull();
    expect(screen.queryByRole("textbox", { name: "Leave this field empty" })).toBeNull();
  });
});
