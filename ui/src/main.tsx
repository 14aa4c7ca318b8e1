import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "@/app/app";
import "@/styles/global.css";

const root = document.getElementById("root");
if (!root) throw new Error("RentProof: the #root element is missing from index.html");

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A page the build prerendered (internal/server/preload.go) is taken over as it is; any other
// page's placeholder shell is replaced. The first render is a transition, which React renders
// in slices that yield to the browser between them, not in one long task that blocks input.
if (root.dataset.prerendered !== undefined) hydrateRoot(root, app);
else startTransition(() => createRoot(root).render(app));
