import fs from "fs"
import path from "path"
import { PUBLIC_DIR, page } from "./built-site"
import { readBrands } from "../fixtures/content"

const brands = readBrands()
const featured = brands.filter((brand) => brand.featured).map((brand) => brand.name)

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

  it("serves each logo as AVIF and WebP with a fallback, a srcset, a fixed size and lazy loading", () => {
    pictures.each((_, el) => {
      const picture = $(el)
      const avif = picture.find("source[type='image/avif']").attr("data-srcset") ?? ""
      const webp = picture.find("source[type='image/webp']").attr("data-srcset") ?? ""
      expect(avif).toMatch(/\.avif 144w,.*\.avif 288w/)
      expect(webp).toMatch(/\.webp 144w,.*\.webp 288w/)
      const img = picture.find("img")
      expect(img.attr("loading")).toBe("lazy")
      expect(img.attr("data-src")).toMatch(/\.png$/)
      for (const url of [avif.split(" ")[0], webp.split(" ")[0], img.attr("data-src") ?? ""]) {
        expect(fs.existsSync(path.join(PUBLIC_DIR, url))).toBe(true)
      }
      const wrapper = picture.closest("[data-gatsby-image-wrapper]")
      expect(wrapper.attr("style")).toMatch(/width:144px;height:58px/)
    })
  })
})
