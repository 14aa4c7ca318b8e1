import { Tooltip as RadixTooltip } from "radix-ui";
import { createContext, useContext, type ReactElement, type ReactNode } from "react";
import "./tooltip.css";

/** SPEC §9: a tooltip opens after 700 ms; moving on to another within 300 ms opens it at once. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

const InProvider = createContext(false);

/** TooltipProvider shares SPEC's delays among the tooltips inside it (the skip delay needs one provider). */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_OPEN_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <InProvider.Provider value={true}>{children}</InProvider.Provider>
    </RadixTooltip.Provider>
  );
}

interface TooltipProps {
  /** What the tooltip says. */
  content: ReactNode;
  /** The element it explains: it must take keyboard focus (a button, a link, tabIndex 0). */
  children: ReactElement;
}

/**
 * Tooltip is a Radix tooltip with the house style. It opens on hover and on keyboard focus
 * and closes with Escape; outside a TooltipProvider it brings its own.
 */
export function Tooltip({ content, children }: TooltipProps) {
  const tooltip = (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content className="tooltip" sideOffset={6}>
          {content}
          <RadixTooltip.Arrow className="tooltip__arrow" />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
  return useContext(InProvider) ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
}
