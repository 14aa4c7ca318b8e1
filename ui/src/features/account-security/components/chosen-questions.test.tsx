import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render";
import { securityTransport } from "../testing";
import { ChosenQuestions } from "./chosen-questions";

function render(questions: [string, string]) {
  renderApp({ path: "/", transport: securityTransport({ questions }).transport, routes: [{ path: "/", element: <ChosenQuestions /> }] });
}

describe("ChosenQuestions", () => {
  it("lists the two chosen questions, never an answer", async () => {
    render(["In what city were you born?", "What is the name of your first pet?"]);
    const list = await screen.findByRole("list", { name: "Your security questions" });
    expect(within(list).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "In what city were you born?",
      "What is the name of your first pet?",
    ]);
  });

  it("says when none are chosen", async () => {
    render(["", ""]);
    expect(await screen.findByText(/You have not chosen security questions yet/)).toBeInTheDocument();
  });
});
