import { useSearchParams } from "react-router-dom";

/**
 * useTabParam keeps a screen's open tab in the address (`?tab=`), so a link opens a tab and a
 * reload keeps it; an unknown or missing value is the first tab. Changing tabs replaces the
 * history entry.
 */
export function useTabParam(tabs: readonly { value: string }[]) {
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const tab = tabs.some((t) => t.value === asked) ? (asked as string) : tabs[0].value;
  const setTab = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set("tab", value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return [tab, setTab] as const;
}
