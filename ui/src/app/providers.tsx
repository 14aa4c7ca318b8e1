import type { Transport } from "@connectrpc/connect";
import { TransportProvider } from "@connectrpc/connect-query";
import { createConnectTransport } from "@connectrpc/connect-web";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ToastOutlet } from "@/components/ui/toast-outlet";

/**
 * createQueryClient makes the data client with the defaults of SPEC §7: no refetch
 * on an interval or on window focus, data never stale, no retries.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/** createTransport makes the Connect transport to the server that served the page. */
export function createTransport(): Transport {
  return createConnectTransport({
    baseUrl: window.location.origin,
    // SPEC §7: every request sends credentials (the session cookie).
    fetch: (input, init) => globalThis.fetch(input, { ...init, credentials: "include" }),
  });
}

interface AppProvidersProps {
  transport: Transport;
  queryClient: QueryClient;
  children: ReactNode;
}

/** AppProviders wires the transport, the data client and the toasts around the app. */
export function AppProviders({ transport, queryClient, children }: AppProvidersProps) {
  return (
    <TransportProvider transport={transport}>
      <QueryClientProvider client={queryClient}>
        {children}
        <ToastOutlet />
      </QueryClientProvider>
    </TransportProvider>
  );
}
