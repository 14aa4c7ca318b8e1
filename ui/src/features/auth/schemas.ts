/**
 * The account forms' zod schemas (SPEC §5 Login, Register, Recover account, Password
 * reset by answers, Security questions). The messages are the spec's copy, or zod's own
 * where the spec uses its generic ones; the bounds are the contract's (@/lib/vocab). The
 * server checks the same rules again and answers with the same words.
 */
import { z } from "zod";
import { charCount } from "@/lib/text";
import { oneOf, text } from "@/lib/validation";
import { LIMITS, REGISTRATION_ROLES } from "@/lib/vocab";

const { account } = LIMITS;

/** MESSAGES are the validation messages of SPEC §5, word for word, and the server's for the rest. */
export const MESSAGES = {
  loginIdentifier: `Username or email must be at least ${account.loginIdentifier.minChars} characters`,
  password: `Password must be at least ${account.password.minChars} characters`,
  passwordTooLong: `Password must be at most ${account.password.maxChars} characters`,
  passwordsDiffer: "Passwords don't match",
  email: "Please enter a valid email address",
  username: `Username must be at least ${account.username.minChars} characters`,
  usernameTooLong: `Username must be at most ${account.username.maxChars} characters`,
  /** Not in SPEC: the server's own message for a username with other characters. */
  usernameCharacters: "Username can only contain letters, numbers, dots, dashes and underscores",
  firstNameTooLong: `First name must be at most ${account.name.maxChars} characters`,
  lastNameTooLong: `Last name must be at most ${account.name.maxChars} characters`,
  securityQuestion: "Security question is required",
  securityAnswer: "Security answer is required",
  securityAnswerTooLong: `Security answer must be at most ${account.securityAnswer.maxChars} characters`,
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME = /^[A-Za-z0-9_.-]+$/;

/** isEmail accepts a bare address with a dotted domain, like the server. */
export function isEmail(value: string): boolean {
  const v = value.trim();
  return charCount(v) <= account.email.maxChars && EMAIL.test(v);
}

const password = (required: boolean) =>
  text({
    limits: account.password,
    untrimmed: true,
    required,
    tooShort: MESSAGES.password,
    tooLong: MESSAGES.passwordTooLong,
  });

/** A required email: blank says "Required", anything else must be an address. */
const requiredEmail = text({ required: true }).refine((v) => v.trim() === "" || isEmail(v), MESSAGES.email);

/** A username: its length first, then its characters (what the user can act on). */
const username = (required: boolean) =>
  text({ limits: account.username, required, tooShort: MESSAGES.username, tooLong: MESSAGES.usernameTooLong }).refine(
    (v) => charCount(v.trim()) < account.username.minChars || USERNAME.test(v.trim()),
    MESSAGES.usernameCharacters,
  );

/**
 * confirms checks a confirmation field against its password: a mismatch is reported
 * first (it is what the user can act on); a matching but short pair repeats the length
 * rule. It runs on the whole form, so it follows changes to either field.
 */
function confirms(passwordOf: (v: Record<string, string>) => string, field: string) {
  return (values: Record<string, string>, ctx: z.RefinementCtx) => {
    const confirm = values[field];
    if (confirm === "") return;
    if (confirm !== passwordOf(values)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message: MESSAGES.passwordsDiffer });
    } else if (charCount(confirm) < account.password.minChars) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message: MESSAGES.password });
    }
  };
}

/** loginSchema is SPEC §5 Login. */
export const loginSchema = z.object({
  username: text({ limits: account.loginIdentifier, tooShort: MESSAGES.loginIdentifier }),
  password: text({ limits: account.loginPassword, untrimmed: true, tooShort: MESSAGES.password }),
});
export type LoginValues = z.infer<typeof loginSchema>;

/** registerSchema is SPEC §5 Register: empty required fields say zod's "Required". */
export const registerSchema = z
  .object({
    firstName: text({ limits: account.name, required: true, tooLong: MESSAGES.firstNameTooLong }),
    lastName: text({ limits: account.name, required: true, tooLong: MESSAGES.lastNameTooLong }),
    email: requiredEmail,
    username: username(true),
    password: password(true),
    confirmPassword: text({ required: true }),
    role: oneOf(REGISTRATION_ROLES),
  })
  .superRefine(confirms((v) => v.password, "confirmPassword"));
export type RegisterValues = z.infer<typeof registerSchema>;

/** findAccountSchema is SPEC §5 Recover account. */
export const findAccountSchema = z.object({
  email: text().refine(isEmail, MESSAGES.email),
  username: text({ limits: account.recoveryUsername, tooShort: MESSAGES.username, tooLong: MESSAGES.usernameTooLong }),
});
export type FindAccountValues = z.infer<typeof findAccountSchema>;

/** changeEmailSchema is the Change Email form: the new address and the current password (empty after a passkey). */
export const changeEmailSchema = z.object({
  email: requiredEmail,
  password: text({ untrimmed: true }),
});
export type ChangeEmailValues = z.infer<typeof changeEmailSchema>;

const answer = (limits: typeof account.securityAnswer) =>
  text({ limits, tooShort: MESSAGES.securityAnswer, tooLong: MESSAGES.securityAnswerTooLong });

/** resetPasswordSchema is SPEC §5 Password reset by answers. */
export const resetPasswordSchema = z
  .object({
    securityAnswer1: answer(account.recoveryAnswer),
    securityAnswer2: answer(account.recoveryAnswer),
    newPassword: password(false),
    // An empty confirmation repeats the length rule; the rest is the pair's (confirms).
    confirmPassword: z.string().refine((v) => v !== "", MESSAGES.password),
  })
  .superRefine(confirms((v) => v.newPassword, "confirmPassword"));
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

/** newPasswordSchema is the emailed reset link's form: SPEC §5's password rules. */
export const newPasswordSchema = z
  .object({
    newPassword: password(false),
    confirmPassword: z.string().refine((v) => v !== "", MESSAGES.password),
  })
  .superRefine(confirms((v) => v.newPassword, "confirmPassword"));
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;

/** emailLinkSchema asks for the address a reset link goes to (SPEC §5's email rule). */
export const emailLinkSchema = z.object({ email: text().refine(isEmail, MESSAGES.email) });
export type EmailLinkValues = z.infer<typeof emailLinkSchema>;

/**
 * securityQuestionsSchema is SPEC §5 Security questions, plus the current password (issue 30:
 * answers can reset the password, so setting them needs it; a deviation from SPEC's form).
 */
export const securityQuestionsSchema = z.object({
  securityQuestion1: z.string().refine((v) => v !== "", MESSAGES.securityQuestion),
  securityAnswer1: answer(account.securityAnswer),
  securityQuestion2: z.string().refine((v) => v !== "", MESSAGES.securityQuestion),
  securityAnswer2: answer(account.securityAnswer),
  currentPassword: text({ untrimmed: true }), // required unless a passkey confirmed: usePasswordOrPasskey
});
export type SecurityQuestionsValues = z.infer<typeof securityQuestionsSchema>;
