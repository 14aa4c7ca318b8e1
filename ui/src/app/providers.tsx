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

/**
 * The calls whose button turns before the server answers (the saved heart). The browser sends
 * them with keepalive, so leaving or reloading the page at once does not cancel a change the page
 * already showed as made. Small bodies only: keepalive requests share a 64 KB budget. A pattern
 * rather than the descriptors, which would bring the property contract into every page.
 */
const KEEPALIVE_CALLS = /\.PropertyService\/(Uns|S)aveProperty$/;

/** requestInit is what every call of the transport adds to the fetch it makes. */
export function requestInit(url: string, init?: RequestInit): RequestInit {
  // SPEC §7: every request sends credentials (the session cookie).
  return { ...init, credentials: "include", keepalive: KEEPALIVE_CALLS.test(url) };
}

/** createTransport makes the Connect transport to the server that served the page. */
export function createTransport(): Transport {
  return createConnectTransport({
    baseUrl: window.location.origin,
    fetch: (input, init) => globalThis.fetch(input, requestInit(String(input), init)),
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
