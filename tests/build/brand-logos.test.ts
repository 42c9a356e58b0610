import fs from "fs"
import path from "path"
import { PUBLIC_DIR, page } from "./built-site"
import { readBrands } from "../fixtures/content"
import { expectEvery } from "../offenders"

const brands = readBrands()
const featured = brands.filter((brand) => brand.featured).map((brand) => brand.name)

/**
 * The URLs and pixel densities of a srcset ("a.avif, b.avif 2x": no descriptor is 1x), read as
 * HTML's parser does: a URL runs to the next space (a comma inside it is part of it, a comma at
 * its end ends the candidate), and its descriptor runs to the next comma.
 */
function candidates(srcset: string): { url: string; density: string }[] {
  const found: { url: string; density: string }[] = []
  let rest = srcset
  for (;;) {
    rest = rest.replace(/^[\s,]+/, "")
    if (!rest) return found
    const url = /^\S+/.exec(rest)?.[0] ?? ""
    rest = rest.slice(url.length)
    if (url.endsWith(",")) {
      found.push({ url: url.replace(/,+$/, ""), density: "1x" })
      continue
    }
    const descriptor = /^\s*([^,]*)/.exec(rest)?.[1].trim() ?? ""
    rest = rest.replace(/^[^,]*/, "")
    found.push({ url, density: descriptor || "1x" })
  }
}

describe("home page brand logos", () => {
  const $ = page("/")
  const pictures = $("#brands li picture")

  it("shows every featured brand's logo, each named by its alt text", () => {
    expect(featured.length).toBeGreaterThan(0)
    expect(pictures).toHaveLength(featured.length)
    const alts = pictures.map((_, el) => $(el).find("img").attr("alt")).get()
    expect(alts).toEqual(featured)
    for (const alt of alts) expect(brands.map((brand) => brand.name)).toContain(alt)
  })

  it("serves each logo as AVIF, and as WebP to a browser without AVIF, 1x and 2x, at a fixed 144×58, loaded lazily", () => {
    const all = pictures.toArray()
    const nameOf = (el: (typeof all)[number]) => $(el).find("img").attr("alt") ?? "a logo without alt text"
    expectEvery(
      all,
      "logos are not served as AVIF and WebP at 144×58, 1x and 2x, lazily",
      (el) => {
        const picture = $(el)
        // One <source>, AVIF; the <img> itself WebP, which every browser the site supports shows
        // (a PNG fallback would be a third copy of every URL in the home page's first round trip).
        const sources = picture.find("source")
        expect(sources.toArray().map((source) => $(source).attr("type"))).toEqual(["image/avif"])
        const avif = candidates(sources.attr("srcset") ?? "")
        expect(avif.map((candidate) => candidate.density)).toEqual(["1x", "2x"])
        for (const { url } of avif) expect(url.endsWith(".avif")).toBe(true)
        const img = picture.find("img")
        const webp = candidates(img.attr("srcset") ?? "")
        expect(img.attr("src")).toMatch(/\.webp$/)
        expect(webp.map((candidate) => candidate.density)).toEqual(["1x", "2x"])
        for (const { url } of webp) expect(url.endsWith(".webp")).toBe(true)
        const urls = [...avif, ...webp].map((candidate) => candidate.url)
        expect(img.attr("width")).toBe("144")
        expect(img.attr("height")).toBe("58")
        expect(img.attr("loading")).toBe("lazy")
        expect(img.attr("decoding")).toBe("async")
        urls.push(img.attr("src") ?? "")
        for (const url of urls) expect(fs.existsSync(path.join(PUBLIC_DIR, url))).toBe(true)
      },
      nameOf,
    )
  })

  it("needs no image script: no gatsby-plugin-image wrapper, and no inline module script in the page", () => {
    expect($("[data-gatsby-image-wrapper]")).toHaveLength(0)
    expect($("script[type='module']")).toHaveLength(0)
  })
})
