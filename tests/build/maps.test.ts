import fs from "fs"
import path from "path"
import * as cheerio from "cheerio"
import { PUBLIC_DIR, builtRoutes, page, textOf } from "./built-site"
import { readCities } from "../fixtures/content"
import { LIST_EVERY_TOWN_UP_TO } from "../../internal/content/computed"
import { countyNames } from "../../src/lib/phrases"
import { countyPath, cityPath } from "../../src/lib/routes"
import { countySlug } from "../../src/lib/slug"
import { mapOffences } from "../fixtures/map-labels"
import { expectNone } from "../offenders"

const cities = readCities()
const routes = builtRoutes()
const MAPS_DIR = path.join(PUBLIC_DIR, "maps")
const mapFiles = fs.existsSync(MAPS_DIR) ? fs.readdirSync(MAPS_DIR).filter((name) => name.endsWith(".svg")) : []

/** The map files a built page embeds. */
const embedded = (route: string): string[] =>
  page(route)("iframe[src^='/maps/']")
    .map((_, frame) => page(route)(frame).attr("src"))
    .get()

const readMap = (src: string) => cheerio.load(fs.readFileSync(path.join(PUBLIC_DIR, src), "utf8"), { xml: true })

describe("the maps drawn at build time", () => {
  const overview = embedded("/")

  it("embeds one overview file, the same on the home page and /service-area/, and writes it under /maps/", () => {
    expect(overview).toHaveLength(1)
    expect(embedded("/service-area/")).toEqual(overview)
    expect(overview[0]).toMatch(/^\/maps\/service-area\.[0-9a-f]{12}\.svg$/)
    expect(fs.existsSync(path.join(PUBLIC_DIR, overview[0]))).toBe(true)
  })

  it(`links every town page from the overview (above ${LIST_EVERY_TOWN_UP_TO} towns, every county page instead)`, () => {
    const $ = readMap(overview[0])
    const hrefs = $("a")
      .map((_, a) => $(a).attr("href"))
      .get()
      .sort()
    const expected =
      cities.length <= LIST_EVERY_TOWN_UP_TO
        ? cities.map((city) => cityPath(city.slug))
        : Array.from(new Set(cities.flatMap((city) => countyNames(city.county).map(countySlug))), countyPath)
    expect(hrefs).toEqual(expected.sort())
    const notTop = $("a")
      .filter((_, a) => $(a).attr("target") !== "_top")
      .map((_, a) => $(a).attr("href"))
      .get()
    expect(notTop).toEqual([])
  })

  it("links only built pages from every map file, and every file is embedded by some page", () => {
    const broken = mapFiles.flatMap((name) => {
      const $ = readMap(`/maps/${name}`)
      return $("a")
        .map((_, a) => $(a).attr("href") ?? "")
        .get()
        .filter((href) => !routes.includes(href))
        .map((href) => `${name} -> ${href}`)
    })
    expect(broken).toEqual([])
    const embeddedFiles = new Set(routes.flatMap(embedded).map((src) => path.basename(src)))
    expect(mapFiles.filter((name) => !embeddedFiles.has(name))).toEqual([])
  })

  it("draws with nothing but SVG and its stylesheet: no script, no address on another host", () => {
    const offenders = mapFiles.filter((name) => {
      const svg = fs.readFileSync(path.join(MAPS_DIR, name), "utf8")
      return /<script|<foreignObject|on\w+=|(?:href|src)="(?:https?:)?\/\/|url\(/i.test(svg)
    })
    expect(offenders).toEqual([])
  })

  it("gives every town page its own map: an image with a title, the line labelled with the miles the page states", () => {
    const offenders = cities.flatMap((city) => {
      const route = cityPath(city.slug)
      const $ = page(route)
      const map = $("#about-town svg")
      const drawing = map.find("g[role='img']")
      // The distance the page states: "From our Northfield shop: 8.4 miles".
      const stated = $("#about-town dt")
        .filter((_, dt) => $(dt).text().startsWith("From our"))
        .next("dd")
        .text()
      const problems = [
        map.length === 1 ? "" : `${map.length} maps`,
        drawing.find("title").text().includes(city.name) ? "" : "no title naming the town",
        drawing.find("desc").text() ? "" : "no description",
        textOf($, "#about-town svg .m") === stated
          ? ""
          : `line says "${textOf($, "#about-town svg .m")}", page "${stated}"`,
        /https?:\/\//.test(map.toString()) ? "an address on another host" : "",
      ].filter(Boolean)
      return problems.length ? [`${route}: ${problems.join(", ")}`] : []
    })
    expect(offenders).toEqual([])
  })

  it("keeps every town page's map links outside its image, to the towns the page lists as nearby", () => {
    const offenders = cities.flatMap((city) => {
      const route = cityPath(city.slug)
      const $ = page(route)
      const inImage = $("#about-town svg g[role='img'] a").length
      const drawn = $("#about-town svg a")
        .map((_, a) => $(a).attr("href"))
        .get()
      const listed = $("#nearby a")
        .map((_, a) => $(a).attr("href"))
        .get()
      return inImage === 0 && JSON.stringify(drawn) === JSON.stringify(listed) ? [] : [route]
    })
    expect(offenders).toEqual([])
  })

  // Seen before this rule: at 390 px a county line ran through "Round Lake" and Northfield's dot sat under the shop's mark;
  // town pages' maps named their town across a county line, or under a neighbour's dot.
  it("crosses no label with a line and covers none with a mark, nor a dot with the shop's, in any map file or town page's map, in either view", () => {
    const townPages = cities.map((city) => cityPath(city.slug))
    const offenders = [
      ...mapFiles.flatMap((name) => {
        const $ = readMap(`/maps/${name}`)
        return mapOffences($).map((offence) => `${name} ${offence}`)
      }),
      ...townPages.flatMap((route) => {
        const $ = page(route)
        // Every town page draws its map: a missing one is an offence too, not a silent pass.
        if ($("#about-town svg").length === 0) return [`${route} draws no map in #about-town`]
        return mapOffences($, "#about-town svg").map((offence) => `${route} ${offence}`)
      }),
    ]
    expect(mapFiles.length).toBeGreaterThan(0)
    expectNone(offenders, "map labels crossed by a line or covered by a mark, or dots under the shop's")
  })
})
