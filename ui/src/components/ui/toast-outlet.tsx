import { useEffect, useState, type ComponentType } from "react";
import { useToast } from "./use-toast";

let loaded: ComponentType | undefined;

/** loadToaster fetches the toaster's code once. */
export async function loadToaster(): Promise<ComponentType> {
  loaded ??= (await import("./toaster")).Toaster;
  return loaded;
}

/**
 * ToastOutlet shows the toasts of useToast(). Radix Toast is among the largest parts of the
 * app's code and most visits show no toast, so the toaster's code is not part of the first
 * load: it is fetched once the page is idle, or at once when a toast comes first.
 */
export function ToastOutlet() {
  const { toasts } = useToast();
  const [Toaster, setToaster] = useState(() => loaded);
  const waiting = toasts.length > 0;
  useEffect(() => {
    if (Toaster) return;
    let live = true;
    const load = () => {
      loadToaster().then(
        (toaster) => live && setToaster(() => toaster),
        () => undefined, // offline: the next toast tries again
      );
    };
    if (waiting) load();
    else if (window.requestIdleCallback) window.requestIdleCallback(load);
    else setTimeout(load, 1);
    return () => {
      live = false;
    };
  }, [Toaster, waiting]);
  return Toaster ? <Toaster /> : null;
}
