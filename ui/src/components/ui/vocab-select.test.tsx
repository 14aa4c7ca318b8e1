import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CURRENCIES, REVIEW_TYPES, STAY_PERIODS } from "@/lib/vocab";
import { VocabSelect } from "./vocab-select";

const field = { id: "f", name: "f", value: "", onChange: () => {}, onBlur: () => {}, ref: () => {} };
const options = () => within(screen.getByRole("combobox")).getAllByRole("option");

describe("VocabSelect", () => {
  it("offers every value of a vocabulary by its label, in the contract's order", () => {
    render(<VocabSelect {...field} value="current" vocabulary={STAY_PERIODS} />);
    expect(options().map((o) => o.getAttribute("value"))).toEqual([...STAY_PERIODS.values]);
    expect(options().map((o) => o.textContent)).toEqual(STAY_PERIODS.terms.map((t) => t.label));
    expect(screen.getByRole("combobox")).toHaveValue("current");
  });

  it("shows a value without a label as itself", () => {
    render(<VocabSelect {...field} value="EUR" vocabulary={CURRENCIES} />);
    expect(screen.getByRole("option", { name: "EUR" })).toHaveAttribute("value", "EUR");
  });

  it("offers only the values asked for, in the vocabulary's order, after a placeholder", () => {
    render(<VocabSelect {...field} vocabulary={REVIEW_TYPES} only={["general", "tenant_to_property"]} placeholder="Choose a type" />);
    expect(options().map((o) => o.textContent)).toEqual(["Choose a type", "Tenant review", "General review"]);
  });
});
