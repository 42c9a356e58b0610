import path from "path"
import { buildSync } from "esbuild"

/**
 * The owner's page for today (/admin/today/, static/admin/today/index.html) runs its own small
 * bundle, not Gatsby's (whose framework alone is over the page's 50 KB) nor Decap's: Preact and
 * the page's code in src/today/, with the rules it shares with the content model (src/lib/),
 * bundled and minified by esbuild into public/admin/today/today.js after each build.
 */
export const TODAY_SCRIPT = "/admin/today/today.js"
const ENTRY = "src/today/main.tsx"

/** Writes the page's script under `publicDir`; returns its path and size in bytes. */
export function writeTodayScript(root: string, publicDir: string): { file: string; bytes: number } {
  const file = path.join(publicDir, TODAY_SCRIPT)
  const result = buildSync({
    absWorkingDir: root,
    entryPoints: [ENTRY],
    outfile: file,
    bundle: true,
    minify: true,
    format: "esm",
    // The browsers the site supports: Safari 15 (iPhones of 2021) and the evergreen engines.
    target: ["es2020", "safari15"],
    jsx: "transform",
    jsxFactory: "h",
    jsxFragment: "Fragment",
    legalComments: "none",
    metafile: true,
    logLevel: "silent",
  })
  return { file, bytes: result.metafile.outputs[path.relative(root, file)]?.bytes ?? 0 }
}
