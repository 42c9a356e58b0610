/**
 * What the call-back function needs of the content, written by each build
 * (internal/gatsby/on-post-build.ts) to CALL_BACKS_SITE_FILE, outside public/,
 * and bundled with the function by netlify.toml: the towns and appliances a
 * request may name (the same names the form lists), the shop's hours for
 * saying when it will call, and the name and number the answer page shows.
 * Netlify gives a function no access to data/, so the build writes down what
 * it knew, as it does for the tap count (internal/call-taps-file.ts).
 */
import fs from "fs"
import path from "path"
import type { Schedule } from "../../src/lib/business-time"
import type { CallBackChoices } from "../../src/lib/call-back-request"
import { projectFile } from "../call-taps-file"

export const CALL_BACKS_SITE_FILE = ".call-backs/site.json"

/** Names the file by an absolute path: the tests point it at a fixture. */
export const CALL_BACKS_SITE_ENV = "CALL_BACKS_SITE_FILE"

export interface CallBacksSite extends CallBackChoices {
  siteName: string
  phone: { display: string; e164: string }
  schedule: Schedule
}

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string")

/** The file's content, or an Error saying what is wrong with it. */
export function parseCallBacksSite(text: string): CallBacksSite | Error {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return new Error(`${CALL_BACKS_SITE_FILE} is not JSON`)
  }
  const site = (value ?? {}) as Partial<Record<keyof CallBacksSite, unknown>>
  if (!isStrings(site.towns) || !isStrings(site.appliances)) {
    return new Error(`${CALL_BACKS_SITE_FILE} lists no towns or no appliances`)
  }
  const schedule = site.schedule as Partial<Schedule> | undefined
  if (
    typeof schedule?.timeZone !== "string" ||
    !Array.isArray(schedule.hours) ||
    !Array.isArray(schedule.specialHours)
  ) {
    return new Error(`${CALL_BACKS_SITE_FILE} has no schedule`)
  }
  const phone = site.phone as Partial<CallBacksSite["phone"]> | undefined
  if (typeof site.siteName !== "string" || typeof phone?.display !== "string" || typeof phone.e164 !== "string") {
    return new Error(`${CALL_BACKS_SITE_FILE} has no site name or phone`)
  }
  return value as CallBacksSite
}

const cache = new Map<string, CallBacksSite>()

/** The build's file, read once per file, or an Error. */
export function readCallBacksSite(env: Record<string, string | undefined>): CallBacksSite | Error {
  const file = projectFile(CALL_BACKS_SITE_FILE, env[CALL_BACKS_SITE_ENV], env)
  if (!file) return new Error(`${CALL_BACKS_SITE_FILE} was not found: did the build run, and netlify.toml bundle it?`)
  const cached = cache.get(file)
  if (cached) return cached
  let site: CallBacksSite | Error
  try {
    site = parseCallBacksSite(fs.readFileSync(file, "utf8"))
  } catch (error) {
    return new Error(`${file} could not be read: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (!(site instanceof Error)) cache.set(file, site)
  return site
}

/** Writes the build's file under `root` (the project's root); returns its path. */
export function writeCallBacksSite(root: string, site: CallBacksSite): string {
  const file = path.join(root, CALL_BACKS_SITE_FILE)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, `${JSON.stringify(site, null, 2)}\n`)
  return file
}
