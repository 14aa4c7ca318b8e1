import { Tabs as RadixTabs } from "radix-ui";
import type { ComponentProps } from "react";

function cx(base: string, extra?: string) {
  return extra ? `${base} ${extra}` : base;
}

/** Tabs is Radix Tabs with the house styles. */
export function Tabs({ className, ...props }: ComponentProps<typeof RadixTabs.Root>) {
  return <RadixTabs.Root className={cx("tabs", className)} {...props} />;
}

/** TabsList holds the tab triggers. */
export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={cx("tabs__list", className)} {...props} />;
}

/** TabsTrigger is one tab. */
export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return <RadixTabs.Trigger className={cx("tabs__trigger", className)} {...props} />;
}

/** TabsContent is the panel of one tab. */
export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cx("tabs__content", className)} {...props} />;
}
