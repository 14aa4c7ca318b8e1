import type { Transport } from "@connectrpc/connect";
import { useState, type ComponentType, type ReactNode } from "react";
import { BrowserRouter, useRoutes } from "react-router-dom";
import { seedFirstLoad } from "./first-load";
import { AppProviders, createQueryClient, createTransport } from "./providers";
import { routes } from "./router";

interface AppProps {
  /** The router around the screens: the browser's history (default), or a fixed address when the build prerenders a page. */
  Router?: ComponentType<{ children: ReactNode }>;
  /** The transport to the API (default: the server that served the page). */
  transport?: Transport;
}

/** App is the whole single-page application as served at the site's root. */
export function App({ Router = BrowserRouter, transport: given }: AppProps) {
  const [transport] = useState(() => given ?? createTransport());
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (typeof document !== "undefined") seedFirstLoad(client, transport);
    return client;
  });
  return (
    <AppProviders transport={transport} queryClient={queryClient}>
      <Router>
        <Screens />
      </Router>
    </AppProviders>
  );
}

function Screens() {
  return useRoutes(routes);
}
