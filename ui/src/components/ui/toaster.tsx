import { X } from "lucide-react";
import { Toast } from "radix-ui";
import { TOAST_DURATION_MS, useToast } from "./use-toast";

/**
 * Toaster renders the toasts of useToast() with Radix Toast, configured as SPEC §9
 * says: 5000 ms display time, swipe right past 50 px to dismiss, F8 focuses the list.
 * The viewport stands at the top right under the header, the newest toast on top; its width is
 * capped in CSS (420 px from medium screens up).
 */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
      label="Notification"
    >
      {/* Oldest first, the order Radix's portals put them in anyway; the column shows the newest on top. */}
      {[...toasts].reverse().map(({ id, title, description, variant = "default", duration, open }) => (
        <Toast.Root
          key={id}
          open={open}
          duration={duration}
          type={variant === "destructive" ? "foreground" : "background"}
          className={`toast toast--${variant}`}
          onOpenChange={(next) => {
            if (!next) dismiss(id);
          }}
        >
          <div className="toast__body">
            {title ? <Toast.Title className="toast__title">{title}</Toast.Title> : null}
            {description ? (
              <Toast.Description className="toast__description">{description}</Toast.Description>
            ) : null}
          </div>
          <Toast.Close className="toast__close" aria-label="Close notification">
            <X aria-hidden="true" size={16} />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" hotkey={["F8"]} />
    </Toast.Provider>
  );
}
