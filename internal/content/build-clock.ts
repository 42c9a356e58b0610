import { localTime } from "../../src/lib/business-time"

/**
 * The instant a build takes as now, for everything that depends on the date
 * (closures, coupons that expire, the notice): SITE_CLOCK, an ISO 8601 date and
 * time, when set (the tests build at a fixed instant), else the moment the build
 * first asked. onPreBootstrap pins it in SITE_CLOCK, so every process of one
 * build (query workers included) reads the same instant.
 */
export function buildInstant(): number {
  const given = process.env.SITE_CLOCK
  if (given) {
    const instant = Date.parse(given)
    if (Number.isNaN(instant)) throw new Error(`SITE_CLOCK is "${given}", not an ISO 8601 date and time`)
    return instant
  }
  const now = Date.now()
  process.env.SITE_CLOCK = new Date(now).toISOString()
  return now
}

/** The build's day ("YYYY-MM-DD") in the business's time zone. */
export const buildDay = (timeZone: string): string => localTime(buildInstant(), timeZone).date
