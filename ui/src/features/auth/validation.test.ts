import { describe, expect, it } from "vitest";
import { afterSignIn } from "./components/auth-page";
import { MESSAGES, validateLogin, validateRegister, validateResetPassword } from "./validation";

describe("account form rules", () => {
  it("counts the login identifier without surrounding spaces", () => {
    expect(validateLogin({ username: " ab ", password: "secret" })).toEqual({ username: MESSAGES.loginIdentifier });
    expect(validateLogin({ username: "abc", password: "secret" })).toEqual({});
  });

  it("says Required for empty register fields and the rule's message otherwise", () => {
    const empty = validateRegister({
      firstName: " ",
      lastName: "",
      email: "",
      username: "",
      password: "",
      confirmPassword: "",
      role: "tenant",
    });
    expect(Object.values(empty)).toEqual(Array(6).fill(MESSAGES.required));
    expect(
      validateRegister({
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

  it("reports a mismatch on the confirmation before its length", () => {
    const base = { securityAnswer1: "a", securityAnswer2: "b" };
    expect(validateResetPassword({ ...base, newPassword: "secret1", confirmPassword: "sec" })).toEqual({
      confirmPassword: MESSAGES.passwordsDiffer,
    });
    expect(validateResetPassword({ ...base, newPassword: "sec", confirmPassword: "sec" })).toEqual({
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
