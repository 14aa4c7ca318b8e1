import { ChevronDown, Mail, Search, X } from "lucide-react";
import { Accordion } from "radix-ui";
import { useId, useMemo, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { Button, buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { usePageTitle } from "@/lib/use-page-title";
import { countItems, filterFaq, type FaqCategory, type FaqItem } from "../faq";
import { SUPPORT } from "../published-rules";
import "../content.css";

export const FAQ_TITLE = "Frequently Asked Questions";

interface FaqPageProps {
  categories: readonly FaqCategory[];
}

/**
 * FaqPage is /faq (SPEC §2 "FAQ"): the four categories, each an accordion, a search over
 * questions and answers (case-insensitive substring) with "No results found" and Clear Search
 * when nothing matches, and the way to /contact.
 *
 * One item is open at a time across the whole page, not one per category: the four accordions
 * share one open value (`open` below), so opening a question anywhere closes the one open before.
 */
export function FaqPage({ categories }: FaqPageProps) {
  usePageTitle(FAQ_TITLE);
  const searchId = useId();
  const [query, setQuery] = useState("");
  // The one open item of the page (its id), or "" when every item is closed.
  const [open, setOpen] = useState("");
  const shown = useMemo(() => filterFaq(categories, query), [categories, query]);
  const searching = query.trim() !== "";
  const total = countItems(shown);

  const clear = () => setQuery("");
  const onSubmit = (e: FormEvent) => e.preventDefault(); // the list filters as one types

  return (
    <>
      <PageHeader title={FAQ_TITLE}>
        <p>Answers about reviews, verification, listings and your account, as RentProof works today.</p>
      </PageHeader>
      <div className="container container--narrow section faq">
        <form role="search" className="search-box faq__search" onSubmit={onSubmit}>
          <label htmlFor={searchId} className="visually-hidden">
            Search questions and answers
          </label>
          <Search className="search-box__icon" aria-hidden="true" size={20} />
          <input
            id={searchId}
            type="search"
            className="search-box__input"
            placeholder="Search questions and answers"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoComplete="off"
          />
          {query ? (
            <button type="button" className="search-box__clear" aria-label="Clear search" onClick={clear}>
              <X aria-hidden="true" size={18} />
            </button>
          ) : null}
        </form>
        <p className="faq__count" role="status">
          {searching ? `${total} ${total === 1 ? "question matches" : "questions match"} your search` : ""}
        </p>

        {shown.length === 0 ? (
          <EmptyState
            type="search"
            message={`No question or answer contains "${query.trim()}". Try other words, or ask us directly.`}
            action={
              <Button variant="outline" onClick={clear}>
                Clear Search
              </Button>
            }
          />
        ) : (
          shown.map((category) => (
            <FaqSection key={category.id} category={category} open={open} onOpenChange={setOpen} />
          ))
        )}

        <section className="card faq__contact" aria-labelledby="faq-contact">
          <Mail aria-hidden="true" size={28} className="faq__contact-icon" />
          <div>
            <h2 id="faq-contact">Still have questions?</h2>
            <p>
              Write to us and we will answer {SUPPORT.response} ({SUPPORT.hours}). How reviews are ordered,
              hidden and rated is set out in full on <Link to="/how-reviews-work">How Reviews Work</Link>.
            </p>
            <Link to="/contact" className={buttonClass("primary")}>
              Contact Us
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}

interface FaqSectionProps {
  category: FaqCategory;
  /** The page's one open item. */
  open: string;
  onOpenChange: (value: string) => void;
}

/** FaqSection is one category: its heading and an accordion of its questions. */
function FaqSection({ category, open, onOpenChange }: FaqSectionProps) {
  const headingId = `faq-${category.id}`;
  const value = category.items.some((item) => item.id === open) ? open : "";
  return (
    <section className="faq__category" aria-labelledby={headingId}>
      <h2 id={headingId} className="faq__category-title">
        {category.title}
      </h2>
      <Accordion.Root type="single" collapsible value={value} onValueChange={onOpenChange} className="faq__list">
        {category.items.map((item) => (
          <FaqEntry key={item.id} item={item} />
        ))}
      </Accordion.Root>
    </section>
  );
}

/** FaqEntry is one question (the trigger, a button in an h3) and its answer. */
function FaqEntry({ item }: { item: FaqItem }) {
  return (
    <Accordion.Item value={item.id} className="faq__item">
      <Accordion.Header className="faq__question">
        <Accordion.Trigger className="faq__trigger">
          <span>{item.question}</span>
          <ChevronDown aria-hidden="true" size={20} className="faq__chevron" />
        </Accordion.Trigger>
      </Accordion.Header>
      {/* Mounted while closed too (hidden by its data-state), so every answer is in the page's HTML,
          prerendered, for search engines and for readers before the app's code has loaded. */}
      <Accordion.Content className="faq__answer" forceMount>
        {item.answer.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {item.links?.length ? (
          <ul className="faq__links">
            {item.links.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        ) : null}
      </Accordion.Content>
    </Accordion.Item>
  );
}
