import { useState } from "react";
import { BrowserRouter, useRoutes } from "react-router-dom";
import { AppProviders, createQueryClient, createTransport } from "./providers";
import { routes } from "./router";

/** App is the whole single-page application as served at the site's root. */
export function App() {
  const [transport] = useState(createTransport);
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders transport={transport} queryClient={queryClient}>
      <BrowserRouter>
        <Screens />
      </BrowserRouter>
    </AppProviders>
  );
}

function Screens() {
  return useRoutes(routes);
}
