import fs from "fs"
import path from "path"

const ROOT = path.resolve(__dirname, "../..")
const INTERNAL = path.join(ROOT, "internal")
/** Node built-ins that only build-time code may use. */
const NODE_ONLY = new Set(["fs", "path", "crypto", "os", "child_process", "worker_threads", "zlib"])

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(tsx?|jsx?|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : []
  })
}

/** Every module a file imports, re-exports or requires. */
function specifiers(file: string): string[] {
  const code = fs.readFileSync(file, "utf8")
  const found = [
    ...code.matchAll(/\b(?:import|export)\s[^'"]*?\bfrom\s*["']([^"']+)["']/g),
    ...code.matchAll(/\bimport\s*["']([^"']+)["']/g),
    ...code.matchAll(/\b(?:require|import)\s*\(\s*["']([^"']+)["']\s*\)/g),
  ]
  return found.map((match) => match[1])
}

// Browser code: everything webpack bundles for the pages.
const browserFiles = [
  ...sourceFiles(path.join(ROOT, "src")),
  path.join(ROOT, "gatsby-browser.tsx"),
  path.join(ROOT, "gatsby-ssr.tsx"),
]

describe("browser code and build-time code stay apart", () => {
  it("finds the browser code to check", () => {
    expect(browserFiles.length).toBeGreaterThan(30)
    expect(specifiers(path.join(ROOT, "src/pages/index.tsx"))).toContain("gatsby")
  })

  it.each(browserFiles.map((file) => [path.relative(ROOT, file), file]))(
    "%s imports nothing from internal/",
    (_, file) => {
      const intoInternal = specifiers(file).filter(
        (spec) => spec.startsWith(".") && path.resolve(path.dirname(file), spec).startsWith(INTERNAL),
      )
      expect(intoInternal).toEqual([])
    },
  )

  it.each(browserFiles.map((file) => [path.relative(ROOT, file), file]))("%s uses no Node-only module", (_, file) => {
    const nodeOnly = specifiers(file).filter((spec) => NODE_ONLY.has(spec.replace(/^node:/, "")))
    expect(nodeOnly).toEqual([])
  })

  it("gatsby-node.ts only re-exports the Node APIs of internal/gatsby/", () => {
    const code = fs.readFileSync(path.join(ROOT, "gatsby-node.ts"), "utf8")
    const statements = code.split("\n").filter((line) => line.trim() && !line.trim().startsWith("//"))
    expect(statements.length).toBeGreaterThan(0)
    for (const line of statements) expect(line).toMatch(/^export \{ [\w, ]+ \} from "\.\/internal\/gatsby\/[\w-]+"$/)
  })
})
