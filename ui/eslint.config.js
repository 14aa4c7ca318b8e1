import { readdirSync } from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Every folder of src/features is a feature; the list is read, so a new one is covered at once.
const features = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Features do not import each other: route modules in src/app compose them, and what two
 * features share lives in src/components or src/lib. One block per feature forbids the
 * others, by alias or by a relative path that climbs into them.
 */
const featureBoundaries = features.map((feature) => {
  const others = features.filter((f) => f !== feature).join("|");
  return {
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `^@/features/(?!${feature}(/|$))`,
              message: `Features do not import each other: compose them in src/app, or move what ${feature} needs to src/components or src/lib.`,
            },
            {
              regex: `^(\\.\\./)+(features/)?(${others})(/|$)`,
              message: "Features do not import each other, not even by a relative path.",
            },
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  {
    ignores: ["dist", "node_modules", "src/gen", "test-results", "playwright-report"],
  },
  {
    files: ["**/*.{ts,tsx}"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2023,
      globals: globals.browser,
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended],
  },
  ...featureBoundaries,
  {
    // Shared code is below the features: it never reaches up into them or into the app.
    files: ["src/components/**/*.{ts,tsx}", "src/lib/**/*.{ts,tsx}"],
    // Their tests may render the whole app.
    ignores: ["src/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^@/(features|app)(/|$)",
              message: "src/components and src/lib are shared: they do not import features or the app.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["*.config.{js,ts}", "e2e/**/*.ts"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
);
