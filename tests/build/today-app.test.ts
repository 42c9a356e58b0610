import fs from "fs"
import path from "path"
import * as cheerio from "cheerio"
import { PUBLIC_DIR } from "./built-site"
import { expectEvery } from "../offenders"
import { headersForPath, loadHeaderRules, type HeaderRule } from "../../scripts/netlify-headers.mjs"
import { TODAY_MANIFEST_PATH, TODAY_PAGE_PATH } from "../../internal/headers"
import { TODAY_ICONS } from "../../internal/today/app-icons"

/**
 * The page for today as an app on the home screen: its manifest (what Chrome installs), the icons
 * it names and the apple-touch-icon Safari reads, the page's <head> linking them, and the headers
 * Netlify serves them with (their media type, and a policy that lets the page read its manifest).
 */

const ROOT = path.resolve(PUBLIC_DIR, "..")
const html = () => cheerio.load(fs.readFileSync(path.join(PUBLIC_DIR, TODAY_PAGE_PATH, "index.html"), "utf8"))
const manifest = () =>
  JSON.parse(fs.readFileSync(path.join(PUBLIC_DIR, TODAY_MANIFEST_PATH), "utf8")) as {
    name: string
    short_name: string
    start_url: string
    scope: string
    display: string
    theme_color: string
    background_color: string
    icons: { src: string; sizes: string; type: string }[]
  }

/** The page's colour tokens (static/admin/today.css's :root): the manifest's colours come from them. */
function tokens(): Record<string, string> {
  const css = fs.readFileSync(path.join(PUBLIC_DIR, "admin/today.css"), "utf8")
  const root = /:root\s*{([^}]*)}/.exec(css)?.[1] ?? ""
  return Object.fromEntries(
    [...root.matchAll(/--([\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value.trim()]),
  )
}

/** "#fff" and "#ffffff" alike. */
const hex = (colour: string) =>
  colour.toLowerCase().replace(/^#([0-9a-f])([0-9a-f])([0-9a-f])$/, (_, r, g, b) => `#${r}${r}${g}${g}${b}${b}`)

/** A built PNG's width and height, read from its header, or why it is not one. */
function pngSize(address: string): { width: number; height: number } | string {
  const file = path.join(PUBLIC_DIR, address)
  if (!fs.existsSync(file)) return `${address} is not in the build`
  const png = fs.readFileSync(file)
  if (!png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return `${address} is not a PNG`
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

let rules: HeaderRule[]
beforeAll(async () => {
  rules = await loadHeaderRules(ROOT)
})

describe("the page for today, an app on the home screen", () => {
  it("has a manifest that installs it as “Today”, opening the page full screen, in the page's colours", () => {
    const { card, surface } = tokens()
    expect(card && surface).toBeTruthy()
    expect(manifest()).toMatchObject({
      name: "Today",
      short_name: "Today",
      start_url: TODAY_PAGE_PATH,
      scope: TODAY_PAGE_PATH,
      display: "standalone",
      theme_color: hex(card),
      background_color: hex(surface),
    })
  })

  it("names icons of 192 and 512 px that the build made, each a PNG of the size it says", () => {
    const { icons } = manifest()
    expect(icons.map(({ sizes }) => sizes).sort()).toEqual(["192x192", "512x512"])
    expectEvery(
      icons,
      "manifest icons missing or not of their size",
      ({ src, sizes, type }) => {
        const size = pngSize(src)
        if (typeof size === "string") return size
        const problems = type === "image/png" ? [] : [`type ${type}`]
        return `${size.width}x${size.height}` === sizes ? problems : [...problems, `${size.width}×${size.height} px`]
      },
      ({ src }) => src,
    )
  })

  it("links its manifest, a 180 px apple-touch-icon, its theme colour and its name on the home screen from its <head>", () => {
    const $ = html()
    const touchIcon = $("link[rel='apple-touch-icon']").attr("href") ?? ""
    expect({
      manifest: $("link[rel='manifest']").attr("href"),
      touchIcon,
      themeColor: $("meta[name='theme-color']").attr("content"),
      capable: $("meta[name='apple-mobile-web-app-capable']").attr("content"),
      title: $("meta[name='apple-mobile-web-app-title']").attr("content"),
    }).toEqual({
      manifest: TODAY_MANIFEST_PATH,
      touchIcon: `${TODAY_PAGE_PATH}${TODAY_ICONS.appleTouch.file}`,
      themeColor: manifest().theme_color,
      capable: "yes",
      title: "Today",
    })
    expect(pngSize(touchIcon)).toEqual({ width: 180, height: 180 })
  })

  it("is served as application/manifest+json, and the page's policy lets it read its manifest and icons", () => {
    expect(headersForPath(rules, TODAY_MANIFEST_PATH)["content-type"]).toBe("application/manifest+json")
    const policy = headersForPath(rules, TODAY_PAGE_PATH)["content-security-policy"] ?? ""
    const directives = new Map(
      policy.split(";").map((directive) => {
        const [name, ...values] = directive.trim().split(/\s+/)
        return [name, values] as const
      }),
    )
    expect({ manifest: directives.get("manifest-src"), images: directives.get("img-src") }).toEqual({
      manifest: ["'self'"],
      images: ["'self'"],
    })
  })
})
