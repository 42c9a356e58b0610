#!/usr/bin/env node
/**
 * Size budget of the home page, from the build in public/:
 *  - first-load JavaScript of / (every script the HTML loads, plus inline scripts), gzip: at most 90 KB;
 *  - the whole of / without the map frame (HTML, page data, scripts, styles, head icons and the
 *    largest AVIF of each brand logo, as a 3x phone would fetch them), gzip where text: at most 350 KB.
 * Prints its figures and exits 1 when a budget is exceeded.
 */
import fs from "node:fs"
import path from "node:path"
import zlib from "node:zlib"
import * as cheerio from "cheerio"

const KB = 1024
export const BUDGET = { firstLoadJs: 90 * KB, wholePage: 350 * KB }

const publicDir = path.resolve("public")
const html = fs.readFileSync(path.join(publicDir, "index.html"))
const $ = cheerio.load(html)
const gzip = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length
const file = (url) => fs.readFileSync(path.join(publicDir, url.split("?")[0]))

// The scripts the HTML names, plus the chunks Gatsby loads for the home page at hydration.
const stats = JSON.parse(fs.readFileSync(path.join(publicDir, "webpack.stats.json"), "utf8"))
const chunkFiles = ["app", "component---src-pages-index-tsx"].flatMap((chunk) => stats.assetsByChunkName[chunk] ?? [])
const scriptUrls = Array.from(
  new Set([...$("script[src]").map((_, el) => $(el).attr("src")).get(), ...chunkFiles.filter((name) => name.endsWith(".js")).map((name) => `/${name}`)]),
)
const inlineScripts = $("script:not([src])")
  .map((_, el) => $(el).html() ?? "")
  .get()
  .filter((code) => !code.trim().startsWith("{")) // JSON-LD is data, not JavaScript
// Inline scripts travel in the HTML, so they compress together, as the HTML does.
const jsBytes = scriptUrls.reduce((sum, url) => sum + gzip(file(url)), 0) + gzip(Buffer.from(inlineScripts.join("\n")))

const styleUrls = $("link[rel='stylesheet']").map((_, el) => $(el).attr("href")).get()
const cssBytes = styleUrls.reduce((sum, url) => sum + gzip(file(url)), 0)
const iconUrls = $("link[rel='icon']").map((_, el) => $(el).attr("href")).get()
const iconBytes = iconUrls.reduce((sum, url) => sum + file(url).length, 0)
const logoBytes = $("#brands picture source[type='image/avif']")
  .map((_, el) => {
    const candidates = ($(el).attr("srcset") ?? "").split(",").map((part) => part.trim().split(" ")[0])
    return file(candidates[candidates.length - 1]).length
  })
  .get()
  .reduce((sum, size) => sum + size, 0)
const htmlBytes = gzip(html)
const dataBytes = ["/page-data/index/page-data.json", "/page-data/app-data.json"]
  .filter((url) => fs.existsSync(path.join(publicDir, url)))
  .reduce((sum, url) => sum + gzip(file(url)), 0)
const total = htmlBytes + jsBytes + cssBytes + iconBytes + logoBytes + dataBytes

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`
console.log(`size budget of /: first-load JS ${kb(jsBytes)} gzip (${scriptUrls.length} files + ${inlineScripts.length} inline) — budget ${kb(BUDGET.firstLoadJs)}`)
console.log(
  `size budget of /: whole page without the map ${kb(total)} (HTML ${kb(htmlBytes)} with inlined CSS, page data ${kb(dataBytes)}, JS ${kb(jsBytes)}, CSS ${kb(cssBytes)}, icons ${kb(iconBytes)}, ${$("#brands picture").length} logos ${kb(logoBytes)}) — budget ${kb(BUDGET.wholePage)}`,
)
const over = jsBytes > BUDGET.firstLoadJs || total > BUDGET.wholePage
if (over) console.error("size budget exceeded")
process.exit(over ? 1 : 0)
