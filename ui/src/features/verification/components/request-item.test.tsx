import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { makeRequest } from "@/test/verification";
import { RequestItem } from "./request-item";

describe("a sent request on the dashboard", () => {
  it("says an owner's documents went to the administrators, without an expiry, and shows their answer", () => {
    const request = makeRequest({
      to: [0, ""],
      documentsProvided: true,
      status: "rejected",
      responseMessage: "The deed names someone else.",
      expiresAt: undefined,
    });
    render(
      <MemoryRouter>
        <RequestItem request={request} kind="sent" />
      </MemoryRouter>,
    );
    expect(screen.getByText(/^To the administrators ·/)).toHaveTextContent("To the administrators · Apr 05, 2025");
    expect(screen.getByText("The deed names someone else.")).toBeInTheDocument();
  });

  it("keeps the expiry of a pending request to a person", () => {
    render(
      <MemoryRouter>
        <RequestItem request={makeRequest()} kind="sent" />
      </MemoryRouter>,
    );
    expect(screen.getByText(/^To lars ·/)).toHaveTextContent("To lars · Apr 05, 2025 · Expires May 05, 2025");
  });

  it("hides the far expiry of a pending request to the administrators", () => {
    render(
      <MemoryRouter>
        <RequestItem request={makeRequest({ to: [0, ""], documentsProvided: true })} kind="sent" />
      </MemoryRouter>,
    );
    expect(screen.getByText(/^To the administrators ·/)).toHaveTextContent(/^To the administrators · Apr 05, 2025$/);
  });
});
