import fs from "fs"
import path from "path"
import { MAP_TOKENS, type MapColors } from "../../src/lib/map-style"

/**
 * The design tokens of src/styles/tokens.css, read at build time for the maps
 * written as files: an SVG document cannot use the page's custom properties.
 */

export const TOKENS_FILE = path.resolve(process.cwd(), "src/styles/tokens.css")

/** The custom properties of the first `:root` block: name (without "--") -> value. */
export function parseTokens(css: string): Map<string, string> {
  const root = /:root\s*\{([^}]*)\}/.exec(css.replace(/\/\*[\s\S]*?\*\//g, ""))?.[1] ?? ""
  return new Map(Array.from(root.matchAll(/--([\w-]+)\s*:\s*([^;]+);/g), ([, name, value]) => [name, value.trim()]))
}

/** The maps' colours and font, as the tokens file gives them. */
export function mapColors(tokens: Map<string, string>): MapColors {
  const entries = Object.entries(MAP_TOKENS).map(([name, token]) => {
    const value = tokens.get(token)
    if (!value) throw new Error(`src/styles/tokens.css: the maps need the token --${token}`)
    return [name, value]
  })
  return Object.fromEntries(entries) as unknown as MapColors
}

/** The maps' colours from the project's tokens file. */
export const readMapColors = (file = TOKENS_FILE): MapColors => mapColors(parseTokens(fs.readFileSync(file, "utf8")))
