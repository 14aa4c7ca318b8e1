import { useSyncExternalStore, type ReactNode } from "react";

/** At most this many toasts are shown at once (SPEC §9); the oldest give way. */
export const TOAST_LIMIT = 5;
/** How long a toast stays on screen, in milliseconds (SPEC §9). */
export const TOAST_DURATION_MS = 5000;
/** How long a dismissed toast is kept before it is removed, in milliseconds (SPEC §9). */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** ToastVariant is the look of a toast: neutral, or destructive for failures. */
export type ToastVariant = "default" | "destructive";

/** ToastOptions describe one toast. */
export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Display time in milliseconds; TOAST_DURATION_MS when omitted. */
  duration?: number;
}

/** ToastItem is a toast in the store. */
export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

/** ToastHandle lets the caller change or dismiss the toast it created. */
export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (options: ToastOptions) => void;
}

let items: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    publish(items.filter((item) => item.id !== id));
  }, TOAST_REMOVE_DELAY_MS);
  removalTimers.set(id, timer);
}

/** repeats tells whether an open toast says exactly what options would say again. */
function repeats(item: ToastItem, options: ToastOptions): boolean {
  return (
    item.open &&
    item.title === options.title &&
    item.description === options.description &&
    (item.variant ?? "default") === (options.variant ?? "default")
  );
}

/**
 * toast shows a toast and returns a handle to update or dismiss it. A toast that repeats one
 * still open replaces it (shown anew, on top, with its full time) rather than piling up: a form
 * sent again and refused again says so once.
 */
export function toast(options: ToastOptions): ToastHandle {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  const others = items.filter((item) => !repeats(item, options));
  const next = [{ ...options, id, open: true }, ...others];
  for (const dropped of [...items.filter((item) => !others.includes(item)), ...next.slice(TOAST_LIMIT)]) {
    clearTimeout(removalTimers.get(dropped.id));
    removalTimers.delete(dropped.id);
  }
  publish(next.slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (update) =>
      publish(items.map((item) => (item.id === id ? { ...item, ...update } : item))),
  };
}

/** dismissToast closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string): void {
  publish(
    items.map((item) => {
      if (id === undefined || item.id === id) {
        scheduleRemoval(item.id);
        return { ...item, open: false };
      }
      return item;
    }),
  );
}

/** clearToasts removes every toast at once (used between tests). */
export function clearToasts(): void {
  for (const timer of removalTimers.values()) clearTimeout(timer);
  removalTimers.clear();
  publish([]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function snapshot() {
  return items;
}

/** useToast gives the current toasts and the functions that show and dismiss them. */
export function useToast() {
  const toasts = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { toasts, toast, dismiss: dismissToast };
}
