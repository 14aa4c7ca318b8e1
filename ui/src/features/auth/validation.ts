/**
 * Client-side rules of the account forms (SPEC §5 Login, Register, Recover account,
 * Password reset by answers, Security questions). The messages are the spec's copy;
 * the server checks the same rules again and answers with the same words.
 */

/** MESSAGES are the validation messages of SPEC §5, word for word. */
export const MESSAGES = {
  required: "Required",
  loginIdentifier: "Username or email must be at least 3 characters",
  password: "Password must be at least 6 characters",
  passwordsDiffer: "Passwords don't match",
  email: "Please enter a valid email address",
  username: "Username must be at least 3 characters",
  /** Not in SPEC: the server's own message for a username with other characters. */
  usernameCharacters: "Username can only contain letters, numbers, dots, dashes and underscores",
  securityQuestion: "Security question is required",
  securityAnswer: "Security answer is required",
} as const;

/** Bounds shared with the server (internal/account). */
export const LIMITS = {
  minIdentifier: 3,
  minUsername: 3,
  maxUsername: 50,
  minPassword: 6,
  maxPassword: 200,
  maxEmail: 254,
  maxName: 100,
  maxAnswer: 200,
} as const;

/** FieldErrors maps a form's fields to the message of the first rule each breaks. */
export type FieldErrors<T> = Partial<Record<keyof T, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME = /^[A-Za-z0-9_.-]+$/;

/** length counts characters (code points), as the server does. */
function length(value: string): number {
  return [...value].length;
}

/** isEmail accepts a bare address with a dotted domain, like the server. */
export function isEmail(value: string): boolean {
  const v = value.trim();
  return v.length <= LIMITS.maxEmail && EMAIL.test(v);
}

function passwordError(value: string): string | undefined {
  return length(value) < LIMITS.minPassword ? MESSAGES.password : undefined;
}

/**
 * confirmError checks a confirmation field: a mismatch is reported first (it is what
 * the user can act on); a matching but short pair repeats the length rule.
 */
function confirmError(password: string, confirm: string): string | undefined {
  if (confirm !== password) return MESSAGES.passwordsDiffer;
  return passwordError(confirm);
}

function usernameError(value: string): string | undefined {
  const v = value.trim();
  if (length(v) < LIMITS.minUsername) return MESSAGES.username;
  if (!USERNAME.test(v)) return MESSAGES.usernameCharacters;
  return undefined;
}

function compact<T>(errors: FieldErrors<T>): FieldErrors<T> {
  const out: FieldErrors<T> = {};
  for (const key of Object.keys(errors) as (keyof T)[]) {
    if (errors[key]) out[key] = errors[key];
  }
  return out;
}

/** LoginValues is the sign-in form. */
export interface LoginValues {
  username: string;
  password: string;
}

/** validateLogin applies SPEC §5 Login. */
export function validateLogin(v: LoginValues): FieldErrors<LoginValues> {
  return compact({
    username: length(v.username.trim()) < LIMITS.minIdentifier ? MESSAGES.loginIdentifier : undefined,
    password: passwordError(v.password),
  });
}

/** Roles a person may register with (SPEC §6: self-registration offers tenant or landlord only). */
export const REGISTER_ROLES = [
  { value: "tenant", label: "Tenant" },
  { value: "landlord", label: "Landlord" },
] as const;

/** RegisterRole is one of REGISTER_ROLES. */
export type RegisterRole = (typeof REGISTER_ROLES)[number]["value"];

/** RegisterValues is the registration form, in the order of its fields. */
export interface RegisterValues {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
  role: RegisterRole;
}

/** validateRegister applies SPEC §5 Register: empty required fields say "Required". */
export function validateRegister(v: RegisterValues): FieldErrors<RegisterValues> {
  const required = (value: string, rule?: string) => (value.trim() === "" ? MESSAGES.required : rule);
  return compact({
    firstName: required(v.firstName),
    lastName: required(v.lastName),
    email: required(v.email, isEmail(v.email) ? undefined : MESSAGES.email),
    username: required(v.username, usernameError(v.username)),
    password: v.password === "" ? MESSAGES.required : passwordError(v.password),
    confirmPassword: v.confirmPassword === "" ? MESSAGES.required : confirmError(v.password, v.confirmPassword),
  });
}

/** FindAccountValues is step 1 of the password reset. */
export interface FindAccountValues {
  email: string;
  username: string;
}

/** validateFindAccount applies SPEC §5 Recover account. */
export function validateFindAccount(v: FindAccountValues): FieldErrors<FindAccountValues> {
  return compact({
    email: isEmail(v.email) ? undefined : MESSAGES.email,
    username: length(v.username.trim()) < LIMITS.minUsername ? MESSAGES.username : undefined,
  });
}

/** ResetPasswordValues is step 2 of the password reset. */
export interface ResetPasswordValues {
  securityAnswer1: string;
  securityAnswer2: string;
  newPassword: string;
  confirmPassword: string;
}

/** validateResetPassword applies SPEC §5 Password reset by answers. */
export function validateResetPassword(v: ResetPasswordValues): FieldErrors<ResetPasswordValues> {
  return compact({
    securityAnswer1: v.securityAnswer1.trim() === "" ? MESSAGES.securityAnswer : undefined,
    securityAnswer2: v.securityAnswer2.trim() === "" ? MESSAGES.securityAnswer : undefined,
    newPassword: passwordError(v.newPassword),
    confirmPassword: v.confirmPassword === "" ? passwordError("") : confirmError(v.newPassword, v.confirmPassword),
  });
}

/** SecurityQuestionsValues is the form of /dashboard/security-questions. */
export interface SecurityQuestionsValues {
  securityQuestion1: string;
  securityAnswer1: string;
  securityQuestion2: string;
  securityAnswer2: string;
}

/** validateSecurityQuestions applies SPEC §5 Security questions. */
export function validateSecurityQuestions(v: SecurityQuestionsValues): FieldErrors<SecurityQuestionsValues> {
  return compact({
    securityQuestion1: v.securityQuestion1 === "" ? MESSAGES.securityQuestion : undefined,
    securityAnswer1: v.securityAnswer1.trim() === "" ? MESSAGES.securityAnswer : undefined,
    securityQuestion2: v.securityQuestion2 === "" ? MESSAGES.securityQuestion : undefined,
    securityAnswer2: v.securityAnswer2.trim() === "" ? MESSAGES.securityAnswer : undefined,
  });
}
