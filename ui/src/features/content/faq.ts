/** The FAQ's shape and its search (SPEC §2 "FAQ"). The questions themselves are in faq-data.ts. */

/** FaqLink is a page an answer points to. */
export interface FaqLink {
  label: string;
  to: string;
}

/** FaqItem is one question with its answer (plain text paragraphs, searched as written). */
export interface FaqItem {
  /** A stable id, unique across the page: the accordion's value. */
  id: string;
  question: string;
  answer: readonly string[];
  links?: readonly FaqLink[];
}

/** FaqCategory is one of the page's four categories. */
export interface FaqCategory {
  id: string;
  title: string;
  items: readonly FaqItem[];
}

/**
 * matches tells whether an item's question or answer contains the query, ignoring case
 * (SPEC: case-insensitive substring). Surrounding spaces are ignored; an empty query matches all.
 */
export function matches(item: FaqItem, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [item.question, ...item.answer].some((text) => text.toLowerCase().includes(needle));
}

/** filterFaq keeps the items that match the query, and the categories that still hold any. */
export function filterFaq(categories: readonly FaqCategory[], query: string): FaqCategory[] {
  return categories
    .map((c) => ({ ...c, items: c.items.filter((item) => matches(item, query)) }))
    .filter((c) => c.items.length > 0);
}

/** countItems counts the questions in categories. */
export function countItems(categories: readonly FaqCategory[]): number {
  return categories.reduce((n, c) => n + c.items.length, 0);
}
