/**
 * The password form of /settings (AccountSecurityService.ChangePassword): the new password under
 * registration's rules (the contract's bounds, the server's words), and its confirmation, which
 * only the browser checks, as on the registration form.
 */
import { z } from "zod";
import { text } from "@/lib/validation";
import { LIMITS } from "@/lib/vocab";

const { password } = LIMITS.account;

/** PASSWORD_MESSAGES are the server's messages for the new password, and the form's own. */
export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${password.minChars} characters`,
  tooLong: `Password must be at most ${password.maxChars} characters`,
  differ: "Passwords don't match",
} as const;

/** changePasswordSchema is the Change Password form. */
export const changePasswordSchema = z
  .object({
    currentPassword: text({ untrimmed: true }), // required unless a passkey confirmed: usePasswordOrPasskey
    newPassword: text({
      limits: password,
      untrimmed: true,
      required: true,
      tooShort: PASSWORD_MESSAGES.tooShort,
      tooLong: PASSWORD_MESSAGES.tooLong,
    }),
    confirmPassword: text({ required: true, untrimmed: true }),
  })
  .refine((v) => v.confirmPassword === "" || v.confirmPassword === v.newPassword, {
    path: ["confirmPassword"],
    message: PASSWORD_MESSAGES.differ,
  });
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;
