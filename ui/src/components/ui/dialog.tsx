import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import type { ReactNode } from "react";

interface DialogProps {
  /** The element that opens the dialog (a Button, say); rendered as the trigger. */
  trigger: ReactNode;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** A class beside dialog__content, e.g. for a wider dialog. */
  className?: string;
}

/** Dialog is a modal Radix dialog with a title, a description and a close button. */
export function Dialog({ trigger, title, description, children, open, onOpenChange, className }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay" />
        <RadixDialog.Content className={className ? `dialog__content ${className}` : "dialog__content"}>
          <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="visually-hidden">{title}</RadixDialog.Description>
          )}
          {children}
          <RadixDialog.Close className="dialog__close" aria-label="Close">
            <X aria-hidden="true" size={18} />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** DialogClose wraps an element that closes the surrounding dialog. */
export const DialogClose = RadixDialog.Close;
