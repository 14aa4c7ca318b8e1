import { Search, X } from "lucide-react";
import { useCallback, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router-dom";
import { Breadcrumb } from "@/components/ui/breadcrumb";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useDebouncedCallback } from "@/lib/use-debounced-callback";
import { usePageTitle } from "@/lib/use-page-title";
import { RESOURCE_TABS, parseResourceTab, type ResourceTab } from "../categories";
import { MustRead } from "./must-read";
import { ResourceResults } from "./resource-results";
import { SubmitResourceDialog } from "./submit-resource-dialog";

/** How long typing must pause before the search runs, in milliseconds. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * ResourcesPage is the resource library (/resources, SPEC §2 "Resources"). The URL
 * holds its state: `category` (the tab) and `q` (the search text), so a link or a
 * reload shows the same list.
 */
export function ResourcesPage() {
  usePageTitle("Resources");
  const [params, setParams] = useSearchParams();
  const tab = parseResourceTab(params.get("category"));
  const query = params.get("q") ?? "";

  // The text box runs ahead of the URL while the user types.
  const [text, setText] = useState(query);
  const [seenQuery, setSeenQuery] = useState(query);
  if (query !== seenQuery) {
    // The URL changed (back button, a link, Clear Search): show its text, unless it
    // is just the trimmed form of what is being typed.
    setSeenQuery(query);
    if (text.trim() !== query) setText(query);
  }

  /** applyQuery writes the search text into the URL. */
  const applyQuery = useCallback(
    (value: string) => {
      const next = value.trim();
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (next) p.set("q", next);
          else p.delete("q");
          return p;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  const typing = useDebouncedCallback(applyQuery, SEARCH_DEBOUNCE_MS);

  /** commitQuery applies the text at once, dropping a search still waiting for typing to pause. */
  const commitQuery = (value: string) => {
    typing.cancel();
    applyQuery(value);
  };

  const onTextChange = (value: string) => {
    setText(value);
    typing.schedule(value);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    commitQuery(text);
  };

  const clearSearch = () => {
    setText("");
    commitQuery("");
  };

  const selectTab = useCallback(
    (value: string) => {
      const next = parseResourceTab(value);
      setParams((prev) => {
        const p = new URLSearchParams(prev);
        if (next === "all") p.delete("category");
        else p.set("category", next);
        return p;
      });
    },
    [setParams],
  );

  const viewAll = (next: ResourceTab) => {
    selectTab(next);
    document.getElementById("resource-tabs")?.scrollIntoView?.({ block: "start" });
  };

  return (
    <>
      <section className="hero hero--resources" aria-labelledby="resources-title">
        <div className="container hero__inner">
          <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Resources" }]} />
          <h1 id="resources-title" className="hero__title">
            Housing Resources
          </h1>
          <p className="hero__subtitle">
            Practical guides, market insights and legal know-how for tenants and landlords.
          </p>
          <form role="search" className="search-box" onSubmit={onSubmit}>
            <label htmlFor="resource-search" className="visually-hidden">
              Search resources
            </label>
            <Search className="search-box__icon" aria-hidden="true" size={20} />
            <input
              id="resource-search"
              type="search"
              className="search-box__input"
              placeholder="Search articles by title or description"
              autoComplete="off"
              value={text}
              onChange={(event) => onTextChange(event.target.value)}
            />
            {text ? (
              <button type="button" className="search-box__clear" aria-label="Clear search" onClick={clearSearch}>
                <X aria-hidden="true" size={18} />
              </button>
            ) : null}
            <Button type="submit" className="search-box__submit">
              Search
            </Button>
          </form>
        </div>
      </section>

      <div className="container section">
        <Tabs value={tab} onValueChange={selectTab} id="resource-tabs">
          <TabsList aria-label="Resource categories">
            {RESOURCE_TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {RESOURCE_TABS.map((t) => (
            <TabsContent key={t.value} value={t.value}>
              <ResourceResults tab={t.value} query={query} onViewAll={viewAll} onClearSearch={clearSearch} />
            </TabsContent>
          ))}
        </Tabs>

        <MustRead />

        <section className="cta-banner" aria-labelledby="submit-title">
          <div>
            <h2 id="submit-title">Have expertise to share?</h2>
            <p>
              Landlords, tenants, lawyers and housing advocates: help the community make better renting
              decisions.
            </p>
          </div>
          <SubmitResourceDialog />
        </section>
      </div>
    </>
  );
}
