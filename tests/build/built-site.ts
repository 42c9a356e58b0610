import fs from "fs"
import path from "path"
import * as cheerio from "cheerio"

export const PUBLIC_DIR = path.resolve(__dirname, "../../public")

if (!fs.existsSync(path.join(PUBLIC_DIR, "index.html"))) {
  throw new Error("public/ has no build: run `npm run build` before the build-output tests.")
}

/** Top-level folders of public/ that hold no site page; admin/ is the owner's editor (tests/build/editor.test.ts). */
export const NOT_PAGES = ["static", "page-data", "~partytown", "icons", "admin"]

/** Every built page route ("/", "/brands/", …), from the index.html files under public/. */
export function builtRoutes(): string[] {
  const routes: string[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (NOT_PAGES.includes(entry.name) && dir === PUBLIC_DIR) continue
        walk(full)
      } else if (entry.name === "index.html") {
        const relative = path.relative(PUBLIC_DIR, dir).split(path.sep).join("/")
        routes.push(relative ? `/${relative}/` : "/")
      }
    }
  }
  walk(PUBLIC_DIR)
  return routes.sort()
}

/** The HTML file a route is served from. */
export function htmlFileFor(route: string): string {
  if (route.endsWith(".html")) return path.join(PUBLIC_DIR, route)
  return path.join(PUBLIC_DIR, route, "index.html")
}

const cache = new Map<string, cheerio.CheerioAPI>()

/** The parsed HTML of a built route. */
export function page(route: string): cheerio.CheerioAPI {
  let $ = cache.get(route)
  if (!$) {
    $ = cheerio.load(fs.readFileSync(htmlFileFor(route), "utf8"))
    cache.set(route, $)
  }
  return $
}

/**
 * Text of the matched elements as a reader sees it: text nodes joined by
 * spaces (so adjacent blocks don't run together), scripts left out,
 * whitespace collapsed.
 */
interface DomNode {
  type: string
  name?: string
  data?: string
  children?: DomNode[]
}

export function textOf($: cheerio.CheerioAPI, selector: string): string {
  const parts: string[] = []
  const visit = (node: DomNode) => {
    if (node.type === "text") parts.push(node.data ?? "")
    else if (node.children && !["script", "style", "template"].includes(node.name ?? "")) {
      for (const child of node.children) visit(child)
    }
  }
  $(selector).each((_, element) => visit(element as unknown as DomNode))
  return parts
    .join(" ")
    .replace(/\s+/g, " ")
    .replace(/ ([,.;:!?)])/g, "$1")
    .trim()
}

/**
 * The day the build took as today (YYYY-MM-DD, in the shop's time zone): from the
 * site data the home page loads (its static query's builtAt), so the rules judge
 * the pages by the build's day, not the day the tests run.
 */
export function buildDay(timeZone: string): string {
  const home = JSON.parse(fs.readFileSync(path.join(PUBLIC_DIR, "page-data/index/page-data.json"), "utf8")) as {
    staticQueryHashes: string[]
  }
  for (const hash of home.staticQueryHashes) {
    const text = fs.readFileSync(path.join(PUBLIC_DIR, `page-data/sq/d/${hash}.json`), "utf8")
    const builtAt = /"builtAt":"([^"]+)"/.exec(text)?.[1]
    if (builtAt) {
      return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
        Date.parse(builtAt),
      )
    }
  }
  throw new Error("the home page loads no site data with builtAt: is public/ a build of this project?")
}
