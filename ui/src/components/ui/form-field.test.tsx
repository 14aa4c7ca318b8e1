import { zodResolver } from "@hookform/resolvers/zod";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { text } from "@/lib/validation";
import { FormField } from "./form-field";

const schema = z.object({ city: text({ required: true }), note: text({ limits: { minChars: 0, maxChars: 3 } }) });

function Form({ showOnLeave = false }: { showOnLeave?: boolean }) {
  const { control, handleSubmit } = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { city: "", note: "" },
    mode: "onChange",
  });
  return (
    <form aria-label="Test" noValidate onSubmit={handleSubmit(() => {})}>
      <FormField control={control} name="city" label="City" showOnLeave={showOnLeave}>
        {(props) => <input {...props} />}
      </FormField>
      <FormField control={control} name="note" label="Note" optional hint="Up to 3 characters">
        {(props) => <textarea {...props} />}
      </FormField>
      <button type="submit">Save</button>
    </form>
  );
}

describe("FormField", () => {
  it("labels its control, describes it by its hint, and shows messages once a submit starts", async () => {
    const user = userEvent.setup();
    render(<Form />);
    const city = screen.getByLabelText("City");
    const note = screen.getByLabelText("Note (optional)");
    expect(note).toHaveAccessibleDescription("Up to 3 characters");

    await user.type(note, "🏠🏠🏠🏠");
    await user.tab();
    expect(note).not.toHaveAttribute("aria-invalid");

    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(city).toHaveAccessibleDescription("Required");
    expect(city).toHaveAttribute("aria-invalid", "true");
    expect(city).toHaveFocus();
    // Four emoji are four characters, not eight UTF-16 units.
    expect(note).toHaveAccessibleDescription("Up to 3 characters String must contain at most 3 character(s)");

    await user.type(city, "Oslo");
    expect(city).not.toHaveAccessibleDescription();
    expect(city).not.toHaveAttribute("aria-invalid");
  });

  it("with showOnLeave, judges a field once it was changed and left, not while tabbing through", async () => {
    const user = userEvent.setup();
    render(<Form showOnLeave />);
    const city = screen.getByLabelText("City");
    await user.click(city);
    await user.tab();
    expect(city).not.toHaveAccessibleDescription();
    await user.type(city, "x{Backspace}");
    expect(city).not.toHaveAccessibleDescription();
    await user.type(city, " ");
    await user.tab();
    expect(city).toHaveAccessibleDescription("Required");
  });
});
