import { LayoutGrid, List, Map as MapIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { SearchView } from "../search-params";

const VIEWS: { view: SearchView; label: string; Icon: typeof LayoutGrid }[] = [
  { view: "grid", label: "Grid view", Icon: LayoutGrid },
  { view: "list", label: "List view", Icon: List },
  { view: "map", label: "Map view", Icon: MapIcon },
];

/** ViewToggle is the results' layout switch: grid, list, or a list beside a map (issue 32). */
export function ViewToggle({ view, onChange }: { view: SearchView; onChange: (view: SearchView) => void }) {
  return (
    <div role="group" aria-label="Layout" className="view-toggle">
      {VIEWS.map(({ view: v, label, Icon }) => (
        <Button key={v} variant="ghost" size="sm" aria-pressed={view === v} aria-label={label} onClick={() => onChange(v)}>
          <Icon aria-hidden="true" size={18} />
        </Button>
      ))}
    </div>
  );
}
