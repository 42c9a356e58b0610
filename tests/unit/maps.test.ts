/** @jest-environment node */
import { computedFields } from "../../internal/gatsby/create-resolvers"
import { buildMaps } from "../../internal/gatsby/map-files"
import { townFacts, townOfNode, type CityNode, type Town } from "../../internal/content/town-facts"
import { COMPLETE_FIELDS } from "../../internal/content/graphql-types"
import { projectServiceArea } from "../../internal/maps/service-area"
import { overviewDrawing } from "../../internal/maps/towns-map"
import { siteMaps } from "../../internal/maps/site-maps"
import { readMapColors } from "../../internal/maps/tokens"
import type { LocatorDrawing } from "../../internal/maps/locator-map"
import { LIST_EVERY_TOWN_UP_TO } from "../../internal/content/computed"
import { countyNames, milesPhrase } from "../../src/lib/phrases"
import { cityPath, countyPath } from "../../src/lib/routes"
import { radiusTownName } from "../../src/lib/service-radius"
import { countySlug } from "../../src/lib/slug"
import { readBusiness, readCities } from "../fixtures/content"
import { insideRings, pathRings, type XY } from "../fixtures/svg-geometry"
import * as cheerio from "cheerio"
import { mapOffences, pathRuns } from "../fixtures/map-labels"
import { shopTown, type PlacedTown } from "../../internal/maps/service-area"
import { segmentTouchesBox, type Point } from "../../internal/maps/geometry"
import { LABEL_GAP, LabelSpace, aroundPoint, nearPoint, ownFirst, textBox } from "../../internal/maps/labels"
import * as React from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { LocatorMap } from "../../src/components/maps/locator-map"
import { TEXT, shopPath } from "../../src/lib/map-style"

// The maps of data/ as the build draws them: through the resolvers the pages query.
const business = readBusiness()
const cities = readCities()
// City nodes as the build makes them: every derivable field in the node field the GraphQL fields read.
const cityNodes: CityNode[] = cities.map(({ name, slug, county, lat, lng, mapUrl }) => ({
  id: `City ${slug}`,
  name,
  fields: { [COMPLETE_FIELDS]: { slug, county, lat, lng, mapUrl } },
}))
const towns: Town[] = cityNodes.map(townOfNode)
const nodes: Record<string, unknown[]> = { City: cityNodes, Business: [business] }
const resolvers = computedFields((type) => nodes[type] ?? [])
const context = {
  nodeModel: {
    findOne: async <T>() => business as T,
    findAll: async <T>() => ({ entries: [] as T[] }),
    getNodeById: <T>({ id }: { id: string }) => (towns.find((town) => town.id === id) ?? null) as T | null,
  },
}

/** What each town page states and draws. */
async function townPages() {
  return Promise.all(
    cityNodes.map(async (node) => ({
      town: townOfNode(node),
      miles: await resolvers.City.milesFromShop.resolve(node, {}, context),
      nearby: (await resolvers.City.nearby.resolve(node, {}, context)).map(({ city }) => city),
      map: (await resolvers.City.locatorMap.resolve(node, {}, context)) as LocatorDrawing,
    })),
  )
}

describe("the overview map (home page and /service-area/)", () => {
  const centre = cities.find((city) => city.name === radiusTownName(business.serviceRadius.center))
  if (!centre) throw new Error("data/business.json: serviceRadius.center names no town of data/cities/")
  const drawing = overviewDrawing(projectServiceArea(towns, business, centre), null)

  // A town's first county is the one most of it lies in; its centre (lat/lng) can lie in another it
  // names: Barrington's ("Cook, Lake") is in Lake County, Hanover Park's ("Cook, DuPage") in DuPage.
  it("puts every town's dot inside the outline of a county it names", () => {
    const offenders = cities.flatMap((city) => {
      const dot = drawing.links.find((link) => link.href === cityPath(city.slug))
      if (!dot) return [`${city.name} (no dot)`]
      const named = countyNames(city.county).map(countySlug)
      const outlines = drawing.land.filter((shape) => named.includes(countySlug(shape.name)))
      if (outlines.length === 0) return [`${city.name} (no outline of ${city.county})`]
      return outlines.some((county) => insideRings(pathRings(county.d), [dot.x, dot.y]))
        ? []
        : [`${city.name} (${city.county}) at ${dot.x},${dot.y}`]
    })
    expect(offenders).toEqual([])
  })

  it("is drawn the same way every time: same bytes, same file name", () => {
    const draw = () => siteMaps({ towns, business, countyLinks: null, colors: readMapColors() }).overview()
    const [first, second] = [draw(), draw()]
    expect(second.svg).toBe(first.svg)
    expect(second.src).toBe(first.src)
    expect(first.src).toMatch(/^\/maps\/service-area\.[0-9a-f]{12}\.svg$/)
  })

  it(`links the counties instead of the towns above ${LIST_EVERY_TOWN_UP_TO} towns`, () => {
    const copies = Array.from({ length: LIST_EVERY_TOWN_UP_TO + 1 - towns.length }, (_, i) => {
      const town = towns[i % towns.length]
      return { ...town, id: `Town ${i}`, name: `${town.name} ${i}`, slug: `${town.slug}-${i}` }
    })
    const many: Town[] = [...towns, ...copies]
    const { svg } = buildMaps(many, business, townFacts(many)).overview()
    const hrefs = Array.from(svg.matchAll(/<a href="([^"]+)"/g), ([, href]) => href).sort()
    const counties = new Set(many.flatMap((town) => countyNames(town.county).map(countySlug)))
    expect(hrefs).toEqual(Array.from(counties, countyPath).sort())
  })
})

describe("each town page's map", () => {
  it("draws the line from the shop as long as the miles the page prints, measured with its scale bar, within rounding", async () => {
    const offenders = (await townPages()).flatMap(({ town, miles, map }) => {
      const unitsPerMile = map.scale.width / map.scale.miles
      const measured = Math.hypot(map.route.x2 - map.route.x1, map.route.y2 - map.route.y1) / unitsPerMile
      // The page rounds to a tenth of a mile under 10 miles, to whole miles above; the drawing to a tenth of a unit.
      const rounding = (miles < 10 ? 0.05 : 0.5) + 0.02
      return Math.abs(measured - miles) <= rounding
        ? []
        : [`${town.name}: prints ${miles}, draws ${measured.toFixed(3)}`]
    })
    expect(offenders).toEqual([])
  })

  it("labels the line with the miles the page prints", async () => {
    const offenders = (await townPages())
      .filter(({ miles, map }) => map.route.label.text !== milesPhrase(miles))
      .map(({ town, map }) => `${town.name}: "${map.route.label.text}"`)
    expect(offenders).toEqual([])
  })

  it("names the town and the shop", async () => {
    const offenders = (await townPages()).filter(
      ({ town, map }) => map.town.label?.text !== town.name || map.shop.label?.text !== "Our shop",
    )
    expect(offenders.map(({ town }) => town.name)).toEqual([])
  })

  it("starts the line at the shop and ends it at the town", async () => {
    const offenders = (await townPages()).filter(
      ({ map }) =>
        map.route.x1 !== map.shop.x ||
        map.route.y1 !== map.shop.y ||
        map.route.x2 !== map.town.x ||
        map.route.y2 !== map.town.y,
    )
    expect(offenders.map(({ town }) => town.name)).toEqual([])
  })

  it("shows and links exactly the nearby towns the page lists", async () => {
    const offenders = (await townPages()).flatMap(({ town, nearby, map }) => {
      const listed = nearby.map((id) => towns.find((other) => other.id === id)?.slug)
      const drawn = map.neighbours.map((neighbour) => neighbour.slug)
      return JSON.stringify(drawn) === JSON.stringify(listed) ? [] : [`${town.name}: [${drawn}] vs [${listed}]`]
    })
    expect(offenders).toEqual([])
  })

  it("keeps the town, the shop, the nearby towns and every label on its canvas", async () => {
    const onCanvas = (map: LocatorDrawing, [x, y]: XY) => x >= 0 && y >= 0 && x <= map.width && y <= map.height
    const offenders = (await townPages()).flatMap(({ town, map }) => {
      const points: Array<[string, XY]> = [
        ["town", [map.town.x, map.town.y]],
        ["shop", [map.shop.x, map.shop.y]],
        ...map.neighbours.map((n): [string, XY] => [n.name, [n.x, n.y]]),
        ...[map.town.label, map.shop.label, map.route.label, ...map.neighbours.map((n) => n.label), ...map.countyNames]
          .filter((label) => label !== null)
          .map((label): [string, XY] => [`label "${label.text}"`, [label.x, label.y]]),
      ]
      return points.filter(([, point]) => !onCanvas(map, point)).map(([what]) => `${town.name}: ${what}`)
    })
    expect(offenders).toEqual([])
  })
})

describe("labels clear of the lines and marks", () => {
  const centre = cities.find((city) => city.name === radiusTownName(business.serviceRadius.center))
  if (!centre) throw new Error("data/business.json: serviceRadius.center names no town of data/cities/")
  const { svg } = siteMaps({ towns, business, countyLinks: null, colors: readMapColors() }).overview()
  const offences = (drawing: string) => {
    const $ = cheerio.load(drawing, { xml: true })
    return mapOffences($)
  }

  it("draws the overview with no label crossed by a line or covered by a mark, and no dot under the shop's mark", () => {
    expect(offences(svg)).toEqual([])
  })

  it("names a label moved onto a county line, a label moved onto the shop, and a dot moved under the shop", () => {
    const $ = cheerio.load(svg, { xml: true })
    const shown = $("a text:not([class])")
    expect(shown.length).toBeGreaterThanOrEqual(2)
    // The middle of a county outline's longest segment inside the map.
    const segments = $("path.l")
      .toArray()
      .flatMap((path) => pathRuns($(path).attr("d") ?? ""))
      .flatMap((run) => run.slice(1).map((point, i): [Point, Point] => [run[i], point]))
      .filter(([a, b]) => [a, b].every(([x, y]) => x > 40 && x < 320 && y > 40 && y < 320))
      .sort(([a, b], [c, d]) => Math.hypot(d[0] - c[0], d[1] - c[1]) - Math.hypot(b[0] - a[0], b[1] - a[1]))
    const [a, b] = segments[0]
    const onLine = shown.eq(0)
    onLine.attr({ x: String((a[0] + b[0]) / 2), y: String((a[1] + b[1]) / 2), "text-anchor": "middle" })
    const shop = pathRuns($("a path.sh").attr("d") ?? "")[0][0]
    const onShop = shown.eq(1)
    onShop.attr({ x: String(shop[0]), y: String(shop[1] - 4) })
    const dot = $("a circle").first()
    dot.attr({ cx: String(shop[0] + 6), cy: String(shop[1] - 5) })
    const found = offences($.xml())
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^'${onLine.text()}' \\(narrow\\) crossed by a county outline at `)),
        expect.stringMatching(new RegExp(`^'${onLine.text()}' \\(wide\\) crossed by a county outline at `)),
        `'${onShop.text()}' (narrow) covered by the shop's mark`,
        `the dot of ${dot.parent().find("text").text()} (narrow) under the shop's mark at ${shop[0] + 6},${shop[1] - 5}`,
        `the dot of ${dot.parent().find("text").text()} (wide) under the shop's mark at ${shop[0] + 6},${shop[1] - 5}`,
      ]),
    )
  })

  it("draws no dot for the shop's own town on the overview: the shop's mark, where the shop is, is that town's link", () => {
    const area = siteMaps({ towns, business, countyLinks: null, colors: readMapColors() }).area
    const own = area.shop.served
    if (!own) throw new Error(`data/cities/ holds no town named as the shop's city, ${business.address.city}`)
    const $ = cheerio.load(svg, { xml: true })
    const link = $(`a[href="${cityPath(own.slug)}"]`)
    expect(link.length).toBe(1)
    expect(link.find("circle").length).toBe(0)
    // Its name is its link's accessible name, as a dot's link's is.
    expect(link.text()).toBe(own.name)
    const [x, y] = area.shop.at.map((v) => Math.round(v * 10) / 10)
    expect(link.find("path.sh").attr("d")).toBe(shopPath(x, y))
    // The mark is drawn once more: in the legend, as its key.
    expect($("path.sh").not(link.find("path.sh")).length).toBe(1)
    expect($("a circle").length).toBe(towns.length - 1)
  })

  it("lets the shop's mark stand for its own town on the town pages' maps, the line still starting at the shop", async () => {
    const own = cities.find((city) => city.name.toLowerCase() === business.address.city.toLowerCase())
    if (!own) throw new Error(`data/cities/ holds no town named as the shop's city, ${business.address.city}`)
    const pages = await townPages()
    const offenders = pages.flatMap(({ town, map }) => {
      const wrong: string[] = []
      if (map.shopTown !== (town.slug === own.slug)) wrong.push(`${town.name}: shopTown ${map.shopTown}`)
      for (const neighbour of map.neighbours) {
        const isOwn = neighbour.slug === own.slug
        if (neighbour.shop !== isOwn) wrong.push(`${town.name}: ${neighbour.name} shop ${neighbour.shop}`)
        if (isOwn && (neighbour.x !== map.shop.x || neighbour.y !== map.shop.y)) {
          wrong.push(
            `${town.name}: ${neighbour.name} at ${neighbour.x},${neighbour.y}, the shop at ${map.shop.x},${map.shop.y}`,
          )
        }
      }
      if (map.route.x1 !== map.shop.x || map.route.y1 !== map.shop.y)
        wrong.push(`${town.name}: the line starts elsewhere`)
      return wrong
    })
    expect(offenders).toEqual([])
    // The shop's own town is a nearby town of some pages: the case is exercised.
    expect(pages.some(({ map }) => map.neighbours.some((neighbour) => neighbour.shop))).toBe(true)
    expect(pages.filter(({ map }) => map.shopTown).map(({ town }) => town.slug)).toEqual([own.slug])
  })

  it("finds the shop's own town by the address's city, the nearest of that name, or none", () => {
    const place = (slug: string, name: string, at: Point): PlacedTown => ({
      id: slug,
      slug,
      name,
      county: "Cook",
      lat: 0,
      lng: 0,
      at,
    })
    const near = place("springfield-a", "Springfield", [10, 10])
    const far = place("springfield-b", "Springfield", [90, 90])
    const other = place("riverside", "Riverside", [0, 0])
    expect(shopTown([far, other, near], "springfield", [12, 12])).toBe(near)
    expect(shopTown([other], "Springfield", [12, 12])).toBeNull()
  })

  it("names the lake on the overview, on two lines where one finds no room, and keeps the names it has room for", () => {
    const $ = cheerio.load(svg, { xml: true })
    const water = $("text.w")
      .map((_, line) => $(line).text())
      .get()
    expect(water.join(" ")).toBe("Lake Michigan")
    // Measured when the rule came in: 7 names at 390 px, 30 on a desktop, none crossed (the rule
    // above). Fewer means a change of the placement lost names: look at the map before lowering these.
    const narrow = $("a text:not([class])").length
    const wide = narrow + $("a text.v").length
    expect(narrow).toBeGreaterThanOrEqual(7)
    expect(wide).toBeGreaterThanOrEqual(30)
  })

  it("draws every town page's map with no label crossed by a line or covered by a mark, nor a dot under the shop's", async () => {
    const offenders = (await townPages()).flatMap(({ town, map }) => {
      const html = renderToStaticMarkup(React.createElement(LocatorMap, { map }))
      return mapOffences(cheerio.load(html), "svg").map((offence) => `${town.name}: ${offence}`)
    })
    expect(offenders).toEqual([])
  })

  it("tries a name beside its dot raised or lowered, over or under it slid, then farther off, after the eight places", () => {
    const style = TEXT.town.narrow
    const at: Point = [200, 200]
    const places = nearPoint(at, LABEL_GAP, "Name", style, [4])
    expect(places.slice(0, 8)).toEqual(aroundPoint(at, LABEL_GAP, style))
    expect(places.slice(16, 24)).toEqual(aroundPoint(at, LABEL_GAP + 4, style))
    // Only a strip right of the dot and half a line below it is free: the name goes there, raised by nothing.
    const taken = [
      { x0: 0, y0: 0, x1: 400, y1: 200 },
      { x0: 0, y0: 0, x1: 207, y1: 400 },
      { x0: 0, y0: 219, x1: 400, y1: 400 },
      { x0: 260, y0: 0, x1: 400, y1: 400 },
    ]
    const space = new LabelSpace({ x0: 0, y0: 0, x1: 400, y1: 400 })
    space.block(...taken)
    expect(space.place("Name", style, places)).toMatchObject({
      x: 200 + LABEL_GAP,
      y: 200 + style.size * 0.6,
      anchor: "start",
    })
    // The eight places alone found none.
    const before = new LabelSpace({ x0: 0, y0: 0, x1: 400, y1: 400 })
    before.block(...taken)
    expect(before.place("Name", style, aroundPoint(at, LABEL_GAP, style))).toBeNull()
  })

  it("tries first the places where a name reads as its own mark's: no other mark nearer the name's middle", () => {
    const style = TEXT.town.narrow
    const own: Point = [100, 100]
    const places = aroundPoint(own, LABEL_GAP, style)
    // Another dot just above the middle of the place right of the mark: that place goes last, the rest keep their order.
    const right = textBox("Name", style, places[0].x, places[0].y, places[0].anchor)
    const other: Point = [(right.x0 + right.x1) / 2, right.y0 - 4]
    const ordered = ownFirst(places, "Name", style, own, [other])
    expect(new Set(ordered)).toEqual(new Set(places))
    // Left of the mark, far from the other dot, comes first now; right of it, after every place that reads as its.
    expect(ordered[0]).toBe(places[1])
    expect(ordered.indexOf(places[0])).toBeGreaterThan(ordered.indexOf(places[3]))
    // Without another mark, the order is aroundPoint's.
    expect(ownFirst(places, "Name", style, own, [])).toEqual(places)
  })

  it("places no label across a line it was told of, nor across the service circle", () => {
    const style = TEXT.town.narrow
    const space = new LabelSpace({ x0: 0, y0: 0, x1: 400, y1: 400 })
    space.blockLines([
      [
        [150, 0],
        [150, 400],
      ],
    ])
    space.blockRing([300, 300], 50)
    const places = aroundPoint([140, 100], LABEL_GAP, style)
    const label = space.place("Round Lake", style, places)
    expect(label?.anchor).toBe("end")
    expect(label && segmentTouchesBox([150, 0], [150, 400], label.box)).toBe(false)
    expect(space.fits(textBox("Name", style, 300, 250, "middle"))).toBe(false)
    expect(space.fits(textBox("Name", style, 300, 300, "middle"))).toBe(true)
  })
})
