import { Slot } from "radix-ui";
import type { ButtonHTMLAttributes } from "react";

/** ButtonVariant is the visual weight of a button or button-styled link. */
export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "danger";
/** ButtonSize is the size of a button or button-styled link. */
export type ButtonSize = "sm" | "md" | "lg";

/** buttonClass returns the class names that style an element as a button. */
export function buttonClass(
  variant: ButtonVariant = "primary",
  size: ButtonSize = "md",
  className?: string,
): string {
  return ["btn", `btn--${variant}`, `btn--${size}`, className].filter(Boolean).join(" ");
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the child element (a link, say) with button styles instead of a <button>. */
  asChild?: boolean;
}

/** Button is the house button; with asChild it styles its child (e.g. a router Link). */
export function Button({
  variant = "primary",
  size = "md",
  asChild = false,
  className,
  type,
  ...props
}: ButtonProps) {
  const classes = buttonClass(variant, size, className);
  if (asChild) return <Slot.Root className={classes} {...props} />;
  return <button type={type ?? "button"} className={classes} {...props} />;
}
