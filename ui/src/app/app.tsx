import { useState } from "react";
import { RouterProvider, createBrowserRouter } from "react-router-dom";
import { AppProviders, createQueryClient, createTransport } from "./providers";
import { routes } from "./router";

/** App is the whole single-page application as served at the site's root. */
export function App() {
  const [transport] = useState(createTransport);
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProviders transport={transport} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
