import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { firstErrors } from "@/lib/validation";
import { afterSignIn } from "./components/auth-page";
import { MESSAGES, loginSchema, registerSchema, resetPasswordSchema } from "./schemas";

/** errorsOf parses values with a schema and returns each field's first message, as the forms show them. */
function errorsOf(schema: z.ZodTypeAny, values: unknown) {
  const result = schema.safeParse(values);
  return result.success ? {} : firstErrors(result.error);
}

describe("account form rules", () => {
  it("counts the login identifier without surrounding spaces", () => {
    expect(errorsOf(loginSchema, { username: " ab ", password: "secret" })).toEqual({ username: MESSAGES.loginIdentifier });
    expect(errorsOf(loginSchema, { username: "abc", password: "secret" })).toEqual({});
  });

  it("counts characters, not UTF-16 units", () => {
    // Two emoji are four UTF-16 units but two characters: too short for the server too.
    expect(errorsOf(loginSchema, { username: "😀😀", password: "secret" })).toEqual({ username: MESSAGES.loginIdentifier });
    expect(errorsOf(loginSchema, { username: "abc", password: "😀😀😀" })).toEqual({ password: MESSAGES.password });
  });

  it("says zod's Required for empty register fields and the rule's message otherwise", () => {
    const empty = errorsOf(registerSchema, {
      firstName: " ",
      lastName: "",
      email: "",
      username: "",
      password: "",
      confirmPassword: "",
      role: "tenant",
    });
    expect(Object.values(empty)).toEqual(Array(6).fill("Required"));
    expect(
      errorsOf(registerSchema, {
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.com",
        username: "ada_l",
        password: "secret1",
        confirmPassword: "secret1",
        role: "landlord",
      }),
    ).toEqual({});
  });

  it("offers the contract's registration roles only", () => {
    const valid = {
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      username: "ada_l",
      password: "secret1",
      confirmPassword: "secret1",
    };
    expect(errorsOf(registerSchema, { ...valid, role: "admin" })).toEqual({ role: "Invalid input" });
  });

  it("reports a mismatch on the confirmation before its length", () => {
    const base = { securityAnswer1: "a", securityAnswer2: "b" };
    expect(errorsOf(resetPasswordSchema, { ...base, newPassword: "secret1", confirmPassword: "sec" })).toEqual({
      confirmPassword: MESSAGES.passwordsDiffer,
    });
    expect(errorsOf(resetPasswordSchema, { ...base, newPassword: "sec", confirmPassword: "sec" })).toEqual({
      newPassword: MESSAGES.password,
      confirmPassword: MESSAGES.password,
    });
  });
});

describe("afterSignIn", () => {
  it("returns to the guarded page, with its query and hash", () => {
    expect(afterSignIn({ from: { pathname: "/dashboard", search: "?tab=2", hash: "#top" } })).toEqual({
      pathname: "/dashboard",
      search: "?tab=2",
      hash: "#top",
    });
  });

  it.each([[null], [undefined], [{}], [{ from: { pathname: "//evil.example" } }], [{ from: { pathname: "/auth" } }], [{ from: { pathname: "dashboard" } }]])(
    "goes home for %j",
    (state) => {
      expect(afterSignIn(state)).toBe("/");
    },
  );
});
