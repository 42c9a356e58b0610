import fs from "fs"
import path from "path"
import { PUBLIC_DIR, builtRoutes, htmlFileFor } from "./built-site"
import { readCities, readServices } from "../fixtures/content"
import { LIST_EVERY_TOWN_UP_TO } from "../../internal/content/computed"
import { countyNames } from "../../src/lib/phrases"
import { countySlug } from "../../src/lib/slug"
import { countyPath } from "../../src/lib/routes"

const cities = readCities()
const routes = builtRoutes()
const KB = 1024

interface PageData {
  staticQueryHashes: string[]
}

/** The static-query results every page fetches, and Gatsby's app data: the JSON that every page loads. */
function sharedJsonFiles(): string[] {
  const pageDataFiles = routes.map((route) =>
    path.join(PUBLIC_DIR, "page-data", route === "/" ? "index" : route.replace(/^\/|\/$/g, ""), "page-data.json"),
  )
  const hashSets = pageDataFiles.map(
    (file) => new Set((JSON.parse(fs.readFileSync(file, "utf8")) as PageData).staticQueryHashes),
  )
  const everywhere = [...hashSets[0]].filter((hash) => hashSets.every((set) => set.has(hash)))
  return [
    path.join(PUBLIC_DIR, "page-data", "app-data.json"),
    ...everywhere.map((hash) => path.join(PUBLIC_DIR, "page-data", "sq", "d", `${hash}.json`)),
  ]
}

describe("town lists that don't grow with the number of towns", () => {
  it(`has county pages only above ${LIST_EVERY_TOWN_UP_TO} towns, one per county then`, () => {
    const countyRoutes = routes.filter((route) => route.startsWith("/service-area/counties/"))
    if (cities.length <= LIST_EVERY_TOWN_UP_TO) {
      expect(countyRoutes).toEqual([])
    } else {
      const counties = new Set(cities.flatMap((city) => countyNames(city.county).map(countySlug)))
      expect(countyRoutes.sort()).toEqual(Array.from(counties, countyPath).sort())
    }
  })

  it("the JSON every page loads holds the site's shared facts and no town", () => {
    const files = sharedJsonFiles()
    expect(files.length).toBeGreaterThan(1)
    const shared = files.map((file) => fs.readFileSync(file, "utf8")).join("\n")
    for (const service of readServices()) expect(shared).toContain(`"${service.slug}"`)
    const townsNamed = cities.filter((city) => shared.includes(`"${city.slug}"`)).map((city) => city.slug)
    expect(townsNamed).toEqual([])
    const bytes = files.reduce((sum, file) => sum + fs.statSync(file).size, 0)
    console.log(`JSON every page loads: ${bytes} bytes in ${files.length} files`)
  })

  it("no built HTML file exceeds 300 KB", () => {
    const sizes = [...routes, "404.html"].map((route) => [route, fs.statSync(htmlFileFor(route)).size] as const)
    const largest = sizes.reduce((a, b) => (b[1] > a[1] ? b : a))
    console.log(`largest HTML: ${largest[0]} ${(largest[1] / KB).toFixed(1)} KB`)
    expect(sizes.filter(([, size]) => size > 300 * KB)).toEqual([])
  })
})
