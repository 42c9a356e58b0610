import { countyAt, loadCounties, type County } from "../geo/counties"
import { findPlace, loadStateGazetteer, type StateGazetteer } from "../geo/gazetteer"
import { isObject } from "./records"

/**
 * Fields an owner may leave empty because the build knows them better: each
 * content type declares, in the content model, which fields are derived and
 * how. A value the file gives always wins; a missing one is derived once per
 * build. What cannot be derived is a problem naming the field to fill.
 */

/** What a derivation may consult besides the record. */
export interface DerivationContext {
  /** The business's state, as addresses write it ("IL"), when data/business.json has one. */
  region: string | undefined
  /** The gazetteer's places of a state, by name. */
  gazetteer(region: string): StateGazetteer
  /** The U.S. Census county outlines. */
  counties(): readonly County[]
}

/** A field the owner must fill, and why. */
export interface DerivationProblem {
  field: string
  message: string
}

export interface Derivation {
  /** The fields it fills when the file leaves them empty. */
  fields: readonly string[]
  /** What fills them, in the owner's words; the editor's hint reads "Leave it empty: {says}". */
  says: string
  /**
   * The values, from the record as far as it is known (what the file gives and
   * what earlier derivations filled), or why they cannot be derived; undefined
   * when what it needs is itself missing or wrong (another problem says so).
   */
  derive(record: Readonly<Record<string, unknown>>, context: DerivationContext): DerivationResult | undefined
}

export type DerivationResult = { values: Record<string, unknown> } | { problem: DerivationProblem }

const isGiven = (value: unknown): boolean => value !== undefined && !(typeof value === "string" && !value.trim())

/** Whether a record leaves any field of these derivations empty. */
export const needsDerivation = (derivations: readonly Derivation[], record: Readonly<Record<string, unknown>>) =>
  derivations.some(({ fields }) => fields.some((name) => !isGiven(record[name])))

/**
 * The record with every derivable field filled: the file's value where it
 * gives one, else the derived one. Derivations run in their declared order, so
 * a later one reads what an earlier one filled (the county reads the coordinates).
 */
export function completeRecord(
  derivations: readonly Derivation[],
  record: Readonly<Record<string, unknown>>,
  context: DerivationContext,
): { record: Record<string, unknown>; problems: DerivationProblem[] } {
  const complete: Record<string, unknown> = { ...record }
  const problems: DerivationProblem[] = []
  for (const derivation of derivations) {
    if (derivation.fields.every((name) => isGiven(complete[name]))) continue
    const result = derivation.derive(complete, context)
    if (!result) continue
    if ("problem" in result) {
      problems.push(result.problem)
      continue
    }
    for (const name of derivation.fields) if (!isGiven(complete[name])) complete[name] = result.values[name]
  }
  return { record: complete, problems }
}

/** The context of a build: the business's state from its record, the gazetteer and the outlines read on first use. */
export function buildDerivationContext(business: unknown): DerivationContext {
  const address = isObject(business) ? business.address : undefined
  const region = isObject(address) && typeof address.region === "string" ? address.region.trim() : undefined
  return { region: region || undefined, gazetteer: loadStateGazetteer, counties: loadCounties }
}

/** Decimal degrees to the 4 places the content keeps. */
const fourPlaces = (degrees: number): number => Math.round(degrees * 1e4) / 1e4

/** Town centres from the gazetteer, by name within the business's state. */
export const coordinatesFromGazetteer: Derivation = {
  fields: ["lat", "lng"],
  says: "looked up by the town's name in the business's state (GeoNames)",
  derive({ name }, { region, gazetteer }) {
    if (typeof name !== "string" || !name.trim() || !region) return undefined
    const match = findPlace(gazetteer(region), name)
    const place = `"${name.trim()}, ${region}"`
    if (match.found) return { values: { lat: fourPlaces(match.found.lat), lng: fourPlaces(match.found.lng) } }
    const why =
      match.problem === "missing"
        ? `${place} is not in the gazetteer`
        : `${place} names ${match.places.length} places in the gazetteer`
    return { problem: { field: "lat", message: `${why}; enter the town centre's latitude and longitude` } }
  },
}

/** The county whose outline holds the town's centre. */
export const countyFromOutlines: Derivation = {
  fields: ["county"],
  says: "the county whose boundary holds the town's centre (U.S. Census outlines)",
  derive({ lat, lng }, { counties }) {
    if (typeof lat !== "number" || typeof lng !== "number") return undefined
    const county = countyAt(counties(), { lat, lng })
    if (county) return { values: { county: county.name } }
    return { problem: { field: "county", message: `no county outline holds ${lat}, ${lng}; enter the county` } }
  },
}
