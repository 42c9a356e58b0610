// Three suites: `unit` (jsdom: pure logic and components), `build-output`
// (node: reads public/ after `gatsby build`) and `other-region` (the same, in a
// copy built for another region by scripts/other-region-check.mjs).
const transform = { "^.+\\.m?[jt]sx?$": "<rootDir>/tests/jest-preprocess.js" }
// jose, kdbush, geokdbush, tinyqueue, d3-geo and its d3-array and internmap, Netlify's headers and redirects parsers (and the latter's filter-obj, is-plain-obj, path-exists) and
// engine, the parser's escape-string-regexp, github-slugger and Preact (the page for today's) ship only ES modules:
// compile them like our own code.
const transformIgnorePatterns = [
  "/node_modules/(?!(jose|kdbush|geokdbush|tinyqueue|d3-geo|d3-array|internmap|@netlify/headers-parser|@netlify/headers|@netlify/redirect-parser|filter-obj|is-plain-obj|path-exists|escape-string-regexp|github-slugger|preact)/)",
]
// What a build writes: never a module of the tests (and `npm test` runs the unit tests beside a build).
const modulePathIgnorePatterns = ["<rootDir>/public/", "<rootDir>/.cache/"]

// Each test's time limit: the slowest takes a few seconds, so none comes near it; `npm test` prints the slowest.
const testTimeout = 60_000

/** @type {import('jest').Config} */
module.exports = {
  testTimeout,
  projects: [
    {
      displayName: "unit",
      testEnvironment: "jsdom",
      testMatch: ["<rootDir>/tests/unit/**/*.test.{ts,tsx}"],
      transform,
      transformIgnorePatterns,
      modulePathIgnorePatterns,
      moduleNameMapper: {
        "\\.module\\.css$": "identity-obj-proxy",
        "\\.css$": "<rootDir>/tests/mocks/style-mock.js",
        "^gatsby$": "<rootDir>/tests/mocks/gatsby.js",
      },
      setupFilesAfterEnv: ["<rootDir>/tests/setup-unit.ts"],
      testEnvironmentOptions: { url: "http://localhost/" },
    },
    {
      displayName: "build-output",
      testEnvironment: "node",
      testMatch: ["<rootDir>/tests/build/**/*.test.ts"],
      transform,
      transformIgnorePatterns,
      modulePathIgnorePatterns,
    },
    {
      // Runs in a copy of the project built for another region (scripts/other-region-check.mjs).
      displayName: "other-region",
      testEnvironment: "node",
      testMatch: ["<rootDir>/tests/other-region/**/*.test.ts"],
      transform,
      transformIgnorePatterns,
      modulePathIgnorePatterns,
    },
  ],
}
