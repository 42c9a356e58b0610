import { createHash } from "crypto"

/**
 * What a built page shows a reader and a search engine, read from its HTML:
 * the title, the meta description, the structured data and the visible text
 * of the body (the notice band included). Nothing of the markup counts: class
 * names, hashed file names, inline scripts and styles, the page's CSP and the
 * layout can change from build to build without the page changing for anyone.
 *
 * Gatsby's server-rendered HTML is React's: attributes in double quotes with
 * `"`, `<` and `>` escaped, so a tag never holds a `>` and plain patterns read it.
 */
export interface PageContent {
  title: string
  description: string
  /** Each JSON-LD block, parsed and printed again (so spacing never counts). */
  structuredData: string[]
  /** The body's text and its images' alternative texts, in document order, whitespace collapsed. */
  text: string
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
}

/** The characters HTML's references stand for (`&amp;`, `&#x27;`, `&#39;`), so one character escaped two ways reads the same. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code = /^#x/i.test(name) ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole
  })
}

const collapse = (text: string): string => text.replace(/\s+/g, " ").trim()

/** The attributes of one start tag (`<meta name="description" content="…">`), decoded. */
function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {}
  for (const [, name, value] of tag.matchAll(/([^\s"'<>/=]+)="([^"]*)"/g))
    attributes[name.toLowerCase()] = decodeEntities(value)
  return attributes
}

/** Elements whose content no reader sees as text: scripts (JSON-LD is read apart), styles, and the inert templates of the deferred scripts. */
const UNSEEN_ELEMENTS = /<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi
const STRUCTURED_DATA = /<script\b[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script\s*>/gi

function structuredDataOf(html: string): string[] {
  return Array.from(html.matchAll(STRUCTURED_DATA), ([, json]) => {
    try {
      return JSON.stringify(JSON.parse(json))
    } catch {
      return collapse(json)
    }
  })
}

function visibleText(body: string): string {
  const text = body
    .replace(UNSEEN_ELEMENTS, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    // An image's alternative text is what it says to a reader who cannot see it, and to a search engine.
    .replace(/<img\b[^>]*>/gi, (tag) => ` ${attributesOf(tag).alt ?? ""} `)
    .replace(/<[^>]*>/g, " ")
  return collapse(decodeEntities(text))
}

/** What the page at `html` shows, as {@link PageContent}. */
export function pageContent(html: string): PageContent {
  const head = /<head\b[^>]*>([\s\S]*?)<\/head\s*>/i.exec(html)?.[1] ?? ""
  const body = /<body\b[^>]*>([\s\S]*)<\/body\s*>/i.exec(html)?.[1] ?? html
  const title = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(head)?.[1] ?? ""
  const description = Array.from(head.matchAll(/<meta\b[^>]*>/gi), ([tag]) => attributesOf(tag)).find(
    (attributes) => attributes.name === "description",
  )?.content
  return {
    title: collapse(decodeEntities(title)),
    description: collapse(description ?? ""),
    structuredData: structuredDataOf(html),
    text: visibleText(body),
  }
}

/** A short digest of what the page shows: equal for two builds exactly when {@link pageContent} is. */
export function contentFingerprint(html: string): string {
  return createHash("sha256")
    .update(JSON.stringify(pageContent(html)))
    .digest("base64url")
    .slice(0, 22)
}
