import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vitest/config";

const backend = "http://127.0.0.1:8080";

/**
 * The repository keeps ui/dist/.gitkeep so that the Go embed of ui/dist compiles
 * on a fresh clone; vite empties the folder on every build, so put it back.
 */
function keepGitkeep(): Plugin {
  return {
    name: "rentproof-keep-gitkeep",
    apply: "build",
    closeBundle() {
      writeFileSync(fileURLToPath(new URL("./dist/.gitkeep", import.meta.url)), "");
    },
  };
}

export default defineConfig({
  plugins: [react(), keepGitkeep()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    proxy: {
      "^/rentproof\\.": { target: backend, changeOrigin: false },
      "/api": { target: backend },
      "/uploads": { target: backend },
      "/healthz": { target: backend },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: they change far less often than the app code.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
            { name: "data", test: /node_modules[\\/](@bufbuild|@connectrpc|@tanstack)[\\/]/ },
            { name: "ui", test: /node_modules[\\/](radix-ui|@radix-ui|@floating-ui|react-remove-scroll[^\\/]*|lucide-react|aria-hidden|use-callback-ref|use-sidecar|get-nonce|tslib)[\\/]/ },
            { name: "forms", test: /node_modules[\\/](react-hook-form|@hookform|zod|@standard-schema)[\\/]/ },
            // react-markdown and the unified/micromark packages it parses with.
            {
              name: "markdown",
              test: /node_modules[\\/](react-markdown|unified|bail|devlop|trough|vfile[^\\/]*|unist-[^\\/]*|mdast-[^\\/]*|hast-[^\\/]*|micromark[^\\/]*|remark-[^\\/]*|decode-named-character-reference|character-entities[^\\/]*|property-information|space-separated-tokens|comma-separated-tokens|html-url-attributes|is-plain-obj|style-to-[^\\/]*|inline-style-parser|estree-util-[^\\/]*|trim-lines|zwitch|longest-streak|ccount|@ungap[\\/]structured-clone)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
    restoreMocks: true,
  },
});
