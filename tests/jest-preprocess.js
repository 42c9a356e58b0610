// Jest compiles TypeScript, JSX and the ES modules of a few packages with esbuild (already the
// project's, for the page for today's script): a tenth of Babel's time, which each suite pays again
// on a new machine, whose caches are empty. A file that calls jest.mock() and its kin goes through
// Babel with Gatsby's own preset instead: only babel-jest lifts those calls above the file's
// imports, as jest needs, so that the imports get the mocks.
const crypto = require("node:crypto")
const fs = require("node:fs")
const path = require("node:path")
const esbuild = require("esbuild")
const babelJest = require("babel-jest").default

const babel = babelJest.createTransformer({
  presets: ["babel-preset-gatsby", "@babel/preset-typescript"],
})

/** The calls babel-jest lifts above the imports (babel-plugin-jest-hoist). */
const LIFTED = /\bjest\s*\.\s*(mock|unmock|enableAutomock|disableAutomock|deepUnmock)\s*\(/

const LOADERS = { ".ts": "ts", ".mts": "ts", ".cts": "ts", ".tsx": "tsx" }

/** What an esbuild output depends on besides the file: this file and esbuild's version. */
const OWN_KEY = crypto.createHash("sha256").update(fs.readFileSync(__filename)).update(esbuild.version).digest("hex")

module.exports = {
  getCacheKey(source, filename, options) {
    if (LIFTED.test(source)) return babel.getCacheKey(source, filename, options)
    return crypto
      .createHash("sha256")
      .update(OWN_KEY)
      .update("\0")
      .update(filename)
      .update("\0")
      .update(options.configString)
      .update("\0")
      .update(source)
      .digest("hex")
  },
  process(source, filename, options) {
    if (LIFTED.test(source)) return babel.process(source, filename, options)
    const { code, map } = esbuild.transformSync(source, {
      loader: LOADERS[path.extname(filename)] ?? "jsx",
      format: "cjs",
      target: `node${process.versions.node.split(".")[0]}`,
      // import() becomes a require(): jest's module registry (and its mocks) serve it, as with Babel.
      supported: { "dynamic-import": false },
      jsx: "automatic",
      sourcemap: "external",
      sourcefile: filename,
      sourcesContent: false,
    })
    return { code, map }
  },
}
