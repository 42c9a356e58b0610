/** @jest-environment node */
import { buildDerivationContext, completeRecord, type Derivation } from "../../internal/content/derivations"
import { cities } from "../../internal/content/model"
import { findContentProblems, formatProblem } from "../../internal/content/validate"
import { readContentFiles } from "../../internal/content/data-dir"
import { distanceMiles } from "../../internal/geo/distance"
import { countyNames } from "../../src/lib/phrases"
import LINCOLNWOOD from "../fixtures/new-town.json"
import { DATA_DIR, readBusiness, readRecords } from "../fixtures/content"

/**
 * A town needs its name and its paragraph: the build derives its page address,
 * centre, county and map address (internal/content/derivations.ts, declared in
 * the content model). These tests prove the derivation on real data.
 */

const business = readBusiness()
const context = buildDerivationContext(business)
const derivationOf = (field: string): Derivation => {
  const derivation = cities.derivations.find(({ fields }) => fields.includes(field))
  if (!derivation) throw new Error(`the model derives no ${field}`)
  return derivation
}
const fileExists = () => true

/** The build's problems with data/ plus one town file, as it would stop with them. */
function problemsWith(file: string, town: Record<string, unknown>): string[] {
  const files = new Map(readContentFiles(DATA_DIR))
  files.set(file, town)
  return findContentProblems(files, { fileExists }).map(formatProblem)
}

const nameAndParagraph = (name: string) => ({ name, localParagraph: LINCOLNWOOD.localParagraph })

describe("a town given by its name and its paragraph", () => {
  it("gets its page address, centre, county and map address from the build", () => {
    const { record, problems } = completeRecord(cities.derivations, nameAndParagraph(LINCOLNWOOD.name), context)
    expect(problems).toEqual([])
    expect(record.slug).toBe(LINCOLNWOOD.slug)
    expect(record.county).toBe(LINCOLNWOOD.county)
    expect(record.mapUrl).toBe(
      `https://www.google.com/maps?q=${encodeURIComponent(`Lincolnwood, ${business.address.region}`)}`,
    )
    expect(distanceMiles(record as { lat: number; lng: number }, LINCOLNWOOD)).toBeLessThan(1)
  })

  it("keeps every value the file gives: explicit values win", () => {
    const given = { ...nameAndParagraph("Lincolnwood"), county: "Cook, Lake", lat: 42.01, lng: -87.74 }
    const { record } = completeRecord(cities.derivations, given, context)
    expect(record).toMatchObject({ county: "Cook, Lake", lat: 42.01, lng: -87.74, slug: "lincolnwood" })
  })

  it("stops the build when the gazetteer lacks the town, saying what to fill", () => {
    expect(problemsWith("cities/mettawa.json", nameAndParagraph("Mettawa"))).toContain(
      `data/cities/mettawa.json, record "mettawa", field "lat": "Mettawa, ${business.address.region}" is not in the gazetteer; enter the town centre's latitude and longitude`,
    )
  })

  it("stops the build when two places of the state share the name, saying what to fill", () => {
    expect(problemsWith("cities/deer-park.json", nameAndParagraph("Deer Park"))).toContain(
      `data/cities/deer-park.json, record "deer-park", field "lat": "Deer Park, ${business.address.region}" names 2 places in the gazetteer; enter the town centre's latitude and longitude`,
    )
  })

  it("builds from a town given by its name and paragraph alone", () => {
    expect(problemsWith("cities/lincolnwood.json", nameAndParagraph("Lincolnwood"))).toEqual([])
  })
})

describe("the derivation, against today's towns", () => {
  interface ReportRow {
    town: string
    /** Miles between the gazetteer's centre and ours, or why the gazetteer gives none. */
    coordinates?: number | string
    /** The county whose outline holds our centre, and the counties the town names. */
    county?: { derived: string; given: string[] }
    slug?: { derived: unknown; given: unknown }
    mapPlace?: { derived: string | null; given: string | null }
  }

  /** Each field derived as the build would if the file left it empty, for every town whose file gives it. */
  const derive = (field: string, from: Record<string, unknown>) => {
    const result = derivationOf(field).derive(from, context)
    return result && "values" in result ? result.values : (result?.problem.message ?? "nothing to derive from")
  }
  const has = (town: Record<string, unknown>, ...fields: string[]) => fields.every((field) => town[field] !== undefined)
  const placeOf = (url: unknown) => new URL(String(url)).searchParams.get("q")

  const report: ReportRow[] = readRecords<Record<string, unknown> & { name: string }>("cities").map((town) => {
    const row: ReportRow = { town: town.name }
    if (has(town, "lat", "lng")) {
      const found = derive("lat", { name: town.name })
      row.coordinates =
        typeof found === "string" ? found : distanceMiles(town as never, found as { lat: number; lng: number })
    }
    if (has(town, "county", "lat", "lng")) {
      const found = derive("county", { lat: town.lat, lng: town.lng })
      row.county = {
        derived: typeof found === "string" ? found : String(found.county),
        given: countyNames(String(town.county)),
      }
    }
    if (has(town, "slug")) {
      const found = derive("slug", { name: town.name })
      row.slug = { derived: typeof found === "string" ? found : found.slug, given: town.slug }
    }
    if (has(town, "mapUrl")) {
      const found = derive("mapUrl", { name: town.name })
      row.mapPlace = { derived: typeof found === "string" ? found : placeOf(found.mapUrl), given: placeOf(town.mapUrl) }
    }
    return row
  })

  beforeAll(() => {
    const measured = report.filter((row) => typeof row.coordinates === "number")
    const farthest = [...measured].sort((a, b) => (b.coordinates as number) - (a.coordinates as number)).slice(0, 3)
    const count = (key: keyof ReportRow) => report.filter((row) => row[key] !== undefined).length
    console.log(
      [
        `The derivation over ${report.length} towns (each field derived as if the file left it empty):`,
        `  centre: ${measured.length} of ${count("coordinates")} found in the gazetteer; farthest from ours: ${farthest
          .map((row) => `${row.town} ${(row.coordinates as number).toFixed(2)} mi`)
          .join(", ")}`,
        ...report
          .filter((row) => typeof row.coordinates === "string")
          .map((row) => `    ${row.town}: ${row.coordinates}`),
        `  county: ${report.filter((row) => row.county && row.county.given.includes(row.county.derived)).length} of ${count("county")} centres lie in a county the town names`,
        `  page address: ${report.filter((row) => row.slug && row.slug.derived === row.slug.given).length} of ${count("slug")} agree`,
        `  map place: ${report.filter((row) => row.mapPlace && row.mapPlace.derived === row.mapPlace.given).length} of ${count("mapPlace")} agree`,
      ].join("\n"),
    )
  })

  it("puts every town's centre in a county the town names", () => {
    const differ = report.filter((row) => row.county && !row.county.given.includes(row.county.derived))
    expect(
      differ.map((row) => `${row.town}: derived ${row.county?.derived}, given ${row.county?.given.join(", ")}`),
    ).toEqual([])
  })

  it("finds every town the gazetteer holds within 3 miles of the centre we give", () => {
    const far = report.filter((row) => typeof row.coordinates === "number" && row.coordinates > 3)
    expect(far.map((row) => `${row.town}: ${(row.coordinates as number).toFixed(2)} mi`)).toEqual([])
  })

  it("makes the page address and the map's place every town gives", () => {
    const differ = report.flatMap((row) => [
      ...(row.slug && row.slug.derived !== row.slug.given
        ? [`${row.town}: page address ${String(row.slug.derived)}`]
        : []),
      ...(row.mapPlace && row.mapPlace.derived !== row.mapPlace.given
        ? [`${row.town}: map place ${row.mapPlace.derived}`]
        : []),
    ])
    expect(differ).toEqual([])
  })
})
