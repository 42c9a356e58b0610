import fs from "fs"
import path from "path"
import * as cheerio from "cheerio"
import { PUBLIC_DIR, builtRoutes, htmlFileFor, page } from "../build/built-site"
import { readBusiness, readCities } from "../fixtures/content"
import { expectEvery } from "../offenders"

/**
 * Another region is a matter of data: scripts/other-region-check.mjs builds a
 * copy of the project whose data/ is tests/fixtures/other-region/ (a business in
 * Madison, Wisconsin, and Dane County towns) and runs this suite there. The site
 * once wrote Illinois into its pages from code ("north and northwest suburbs",
 * ", IL", "Illinois"); no page of the copy may carry a trace of it.
 */

const ILLINOIS = [/Illinois/i, /\bIL\b/, /Chicago/i, /northwest suburbs/i]

const business = readBusiness()
const towns = readCities()
const pages = [...builtRoutes(), "404.html"]

/** What a reader or a search engine reads of a page: its text, its head's texts, its labels and its links. */
function readable(html: string): string {
  const $ = cheerio.load(html)
  const head = [
    $("head > title").text(),
    ...$("meta[content]")
      .map((_, el) => $(el).attr("content"))
      .get(),
    ...$("script[type='application/ld+json']")
      .map((_, el) => $(el).html())
      .get(),
  ]
  const attributes = $("[aria-label], [title], [alt], a[href]")
    .map((_, el) => [$(el).attr("aria-label"), $(el).attr("title"), $(el).attr("alt"), $(el).attr("href")])
    .get()
  $("script, style").remove()
  return [...head, ...attributes, $("body").text()].filter(Boolean).join("\n")
}

const traces = (text: string) => ILLINOIS.filter((pattern) => pattern.test(text)).map(String)

describe(`a copy of the site for ${business.address.city}, ${business.address.region}`, () => {
  it("carries no trace of Illinois on any page", () => {
    expectEvery(pages, "pages carry a trace of Illinois", (route) =>
      traces(readable(fs.readFileSync(htmlFileFor(route), "utf8"))),
    )
  })

  it("carries no trace of Illinois on any map it draws", () => {
    const maps = fs.readdirSync(path.join(PUBLIC_DIR, "maps")).filter((name) => name.endsWith(".svg"))
    expectEvery(maps, "maps carry a trace of Illinois", (name) =>
      traces(cheerio.load(fs.readFileSync(path.join(PUBLIC_DIR, "maps", name), "utf8"), { xml: true }).text()),
    )
  })

  it("gives every town of its data a page that names the town, its county and its state", () => {
    expectEvery(
      towns,
      "towns lack a page naming them, their county and their state",
      (town) => {
        const $ = page(`/service-area/${town.slug}/`)
        const problems: string[] = []
        if (!$("h1").text().includes(`${town.name} (${town.county} County)`)) problems.push(`h1 "${$("h1").text()}"`)
        if (!$("head > title").text().includes(`${town.name}, ${business.address.region}`)) {
          problems.push(`title "${$("head > title").text()}"`)
        }
        return problems
      },
      (town) => `/service-area/${town.slug}/`,
    )
  })
})
