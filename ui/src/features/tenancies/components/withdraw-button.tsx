import { Undo2 } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { Button } from "@/components/ui/button";
import type { Tenancy } from "@/gen/rentproof/tenancy/v1/tenancy_pb";
import { useWithdrawTenancy } from "../api/use-tenancies";

/**
 * WithdrawButton withdraws the tenant's claim after a confirmation: a verified tenancy's labels
 * go with it, and a withdrawn claim is not undone (a new one can be filed).
 */
export function WithdrawButton({ tenancy }: { tenancy: Tenancy }) {
  const withdraw = useWithdrawTenancy();
  const verified = tenancy.status === "approved";
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <Button variant="outline" size="sm" disabled={withdraw.isPending} aria-label={`Withdraw: ${tenancy.propertyTitle}`}>
          <Undo2 aria-hidden="true" size={16} /> Withdraw
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog__overlay" />
        <AlertDialog.Content className="dialog__content">
          <AlertDialog.Title className="dialog__title">Withdraw this tenancy?</AlertDialog.Title>
          <AlertDialog.Description className="dialog__description">
            {verified
              ? `Your stay at ${tenancy.propertyTitle} stops being verified, and your reviews of it lose their verified label. `
              : `Your claim to have lived at ${tenancy.propertyTitle} is closed. `}
            This cannot be undone: you would have to claim it again.
          </AlertDialog.Description>
          <div className="dialog__actions">
            <AlertDialog.Cancel asChild>
              <Button variant="ghost">Keep it</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="danger" onClick={() => withdraw.mutate({ id: tenancy.id })}>
                Withdraw
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
