import { create } from "@bufbuild/protobuf";
import { createConnectQueryKey, useMutation, useQuery, useTransport } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import {
  GetNotificationPreferencesResponseSchema,
  NotificationService,
} from "@/gen/rentproof/notification/v1/notification_pb";
import { errorMessage } from "@/lib/errors";

/** The toast that says a choice was saved. */
export const PREFERENCES_SAVED = "Email preferences saved";

/** usePreferences reads the member's email choices, one per category. */
export function usePreferences() {
  return useQuery(NotificationService.method.getNotificationPreferences, {});
}

/**
 * useUpdatePreference turns one category's email on or off, saved at once: the answer (every
 * category as stored) replaces the list, and a toast says what changed; a refusal says why.
 */
export function useUpdatePreference() {
  const queryClient = useQueryClient();
  const transport = useTransport();
  const mutation = useMutation(NotificationService.method.updateNotificationPreferences, {
    onSuccess: (res, req) => {
      queryClient.setQueryData(
        createConnectQueryKey({
          schema: NotificationService.method.getNotificationPreferences,
          transport,
          input: {},
          cardinality: "finite",
        }),
        create(GetNotificationPreferencesResponseSchema, { categories: res.categories }),
      );
      const change = req.changes?.[0];
      const label = res.categories.find((c) => c.category === change?.category)?.label.toLowerCase() ?? "";
      toast({
        title: PREFERENCES_SAVED,
        description: change?.email ? `You will get emails about ${label}.` : `You will no longer get emails about ${label}.`,
      });
    },
    onError: (error) =>
      toast({ variant: "destructive", title: "Your choice was not saved", description: errorMessage(error) }),
  });
  return {
    update: (category: string, email: boolean) => mutation.mutate({ changes: [{ category, email }] }),
    pendingCategory: mutation.isPending ? mutation.variables?.changes?.[0]?.category : undefined,
  };
}
