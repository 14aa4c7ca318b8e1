/** The ellipsis appended to shortened text. */
export const ELLIPSIS = "…";

/**
 * charCount counts characters as the server does (code points, like Go's
 * utf8.RuneCountInString): an emoji is one, not the two UTF-16 units of `length`.
 * Every counter and length rule of the app counts with it.
 */
export function charCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/**
 * truncate shortens text to at most `max` characters, trailing spaces removed,
 * followed by an ellipsis. Text that already fits is returned unchanged; a
 * character is never cut in half.
 */
export function truncate(text: string, max: number): string {
  if (charCount(text) <= max) return text;
  return [...text].slice(0, max).join("").trimEnd() + ELLIPSIS;
}

/** initials returns the upper-cased first letters of the given names ("Dana", "Whitfield" → "DW"). */
export function initials(...names: (string | undefined)[]): string {
  return names
    .map((name) => name?.trim().charAt(0) ?? "")
    .join("")
    .toUpperCase();
}

/** humanize turns a snake_case value into words with capitals ("market_trends" → "Market Trends"). */
export function humanize(value: string): string {
  return value
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}
