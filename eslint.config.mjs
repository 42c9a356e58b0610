// The house style: ESLint for correctness (TypeScript, React, hooks, accessibility),
// Prettier for layout (eslint-config-prettier turns off the rules it owns).
import js from "@eslint/js"
import tseslint from "typescript-eslint"
import react from "eslint-plugin-react"
import reactHooks from "eslint-plugin-react-hooks"
import jsxA11y from "eslint-plugin-jsx-a11y"
import prettier from "eslint-config-prettier"
import globals from "globals"
import { builtinModules } from "node:module"

/**
 * Which code runs where, enforced here (an editor shows a crossing as you type):
 *  - browser code (src/, gatsby-browser.tsx, gatsby-ssr.tsx), which webpack bundles
 *    for the pages: browser globals only, and nothing from internal/ (build time),
 *    tests/, scripts/ or Node's own modules;
 *  - build code (internal/, gatsby-node.ts, gatsby-config.ts) and scripts: Node
 *    globals; they may use src/'s pure modules, never tests/;
 *  - Netlify functions (netlify/functions/), run by Netlify on its servers: Node
 *    globals and the `Netlify` global; never tests/; Netlify build plugins
 *    (netlify/plugins/), run by Netlify's build: Node globals;
 *  - tests, and scripts that drive a browser: Node (and jest), and the browser's
 *    globals for code that runs in jsdom or that they hand to a browser.
 */
const NODE_MODULES = builtinModules.filter((name) => !name.startsWith("_"))
const noImportsFrom = (...folders) =>
  folders.map((folder) => ({
    group: [`**/${folder}`, `**/${folder}/**`],
    message: `${folder}/ is not for this side of the code (see eslint.config.mjs).`,
  }))

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "public/",
      ".cache/",
      "reports/",
      "coverage/",
      "test-results/",
      "playwright-report/",
      // The local emulation's folder: its builds of the functions and its Blobs (scripts/netlify-serve.mjs).
      ".netlify/",
      "src/gatsby-types.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    ...react.configs.flat.recommended,
    rules: {
      ...react.configs.flat.recommended.rules,
      // HTML's `blocking` (a render-blocking link, gatsby-ssr.tsx): React passes it through; the rule does not know it.
      "react/no-unknown-property": ["error", { ignore: ["blocking"] }],
    },
    settings: { react: { version: "detect" } },
  },
  reactHooks.configs.flat.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ["**/*.{js,cjs}"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["src/**/*.{ts,tsx}", "gatsby-browser.tsx", "gatsby-ssr.tsx", "static/**/*.js"],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: NODE_MODULES.map((name) => ({ name, message: "Browser code runs without Node's modules." })),
          patterns: [
            ...noImportsFrom("internal", "tests", "scripts"),
            { group: ["node:*"], message: "Browser code runs without Node's modules." },
          ],
        },
      ],
    },
  },
  {
    files: [
      "internal/**/*.{ts,cjs}",
      "netlify/**/*.{ts,mts,js}",
      "gatsby-node.ts",
      "gatsby-config.ts",
      "scripts/**/*.{js,cjs,mjs,ts}",
      "*.{js,cjs,mjs,ts}",
    ],
    languageOptions: { globals: { ...globals.node } },
    rules: { "no-restricted-imports": ["error", { patterns: noImportsFrom("tests") }] },
  },
  {
    // Netlify's functions also have its global.
    files: ["netlify/**/*.{ts,mts}"],
    languageOptions: { globals: { Netlify: "readonly" } },
  },
  {
    // Scripts that drive a browser hand it functions (page.evaluate) that run there.
    files: ["scripts/**/*.{js,cjs,mjs,ts}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // gatsby-node.ts only re-exports the typed Node APIs of internal/gatsby/.
    files: ["gatsby-node.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Program > :not(ExportNamedDeclaration[source.value=/^\\.\\/internal\\/gatsby\\//])",
          message: "gatsby-node.ts only re-exports the Node APIs of internal/gatsby/.",
        },
      ],
    },
  },
  {
    files: ["tests/**/*.{js,ts,tsx}"],
    languageOptions: { globals: { ...globals.node, ...globals.jest, ...globals.browser } },
  },
  prettier,
)
