/**
 * The rules of a review a customer gave, and of the owner's link to ask for one,
 * as plain functions: the content model (internal/content/model.ts) states them
 * in its schema and rules, so the build and the editor refuse what breaks them,
 * and the page for today (src/today/) refuses it before sending anything. Each
 * problem names its field, as the build's messages do.
 */
import type { DayProblem } from "./day-rules"
import type { ShownReview } from "./reviews"

/** A quote is the customer's own words: long enough to say something, short enough to read. */
export const QUOTE_LENGTH = { min: 20, max: 600 } as const

/** Where a customer gave the review, as the owner picks it and the page shows it. */
export const REVIEW_SOURCES = ["Google", "Yelp", "Facebook", "In person", "By letter"] as const
export type ReviewSource = (typeof REVIEW_SOURCES)[number]

/**
 * The hosts each online source keeps its reviews on (a subdomain counts, e.g.
 * www.yelp.com); a review given in person or by letter has no link.
 */
export const SOURCE_HOSTS: Readonly<Record<ReviewSource, readonly string[]>> = {
  Google: ["google.com", "g.page", "goo.gl"],
  Yelp: ["yelp.com"],
  Facebook: ["facebook.com", "fb.com"],
  "In person": [],
  "By letter": [],
}

/** The hosts of the owner's "ask for reviews" link, which Google Business Profile gives (g.page/r/…/review). */
export const REVIEW_LINK_HOSTS = SOURCE_HOSTS.Google

/** Every host a review's link may be on, whatever its source. */
export const ONLINE_HOSTS: readonly string[] = [...new Set(Object.values(SOURCE_HOSTS).flat())]

const escapeHost = (host: string) => host.replace(/[.]/g, "\\.")

/**
 * An https address on one of `hosts` or their subdomains, as a pattern the editor
 * checks (Decap tests patterns) and the build checks again; `orEmpty` allows "".
 */
export function httpsOnHostsPattern(hosts: readonly string[], { orEmpty }: { orEmpty: boolean }): RegExp {
  const address = `https://([a-z0-9-]+\\.)*(${hosts.map(escapeHost).join("|")})(/[^\\s]*)?`
  return new RegExp(orEmpty ? `^(${address})?$` : `^${address}$`)
}

/** Whether `link` is an https address whose host is one of `hosts` or a subdomain of one. */
export function isHttpsOn(link: string, hosts: readonly string[]): boolean {
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return false
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return false
  const host = url.hostname.toLowerCase()
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`))
}

/** The hosts as an owner reads them: "google.com, g.page or goo.gl". */
const hostList = (hosts: readonly string[]) =>
  hosts.length > 1 ? `${hosts.slice(0, -1).join(", ")} or ${hosts.at(-1)}` : (hosts[0] ?? "")

export const REVIEW_LINK_MESSAGE = `must be an https address on Google's hosts (${hostList(REVIEW_LINK_HOSTS)}), or empty`
export const QUOTE_MESSAGE = `must be ${QUOTE_LENGTH.min} to ${QUOTE_LENGTH.max} characters`
export const CONSENT_MESSAGE = "must be yes: the customer agreed that we show this on our site"
export const LINK_MESSAGE = `must be an https address on the review's own site (${hostList(ONLINE_HOSTS)}), or empty`

/** A review as the owner enters it: what a page shows, and the customer's consent. */
export interface ReviewEntry extends ShownReview {
  consent: boolean
}

/** The quote's length, counted as a reader counts characters (the text trimmed). */
export function quoteProblem(quote: string): DayProblem | undefined {
  const length = [...quote.trim()].length
  if (length >= QUOTE_LENGTH.min && length <= QUOTE_LENGTH.max) return undefined
  return { path: ["quote"], message: `${QUOTE_MESSAGE}; it has ${length}` }
}

/** The link, when given, is on the source's own host; a review given in person or by letter has none. */
export function linkProblem(source: string, link: string | null | undefined): DayProblem | undefined {
  if (!link) return undefined
  const hosts = SOURCE_HOSTS[source as ReviewSource] ?? []
  if (!hosts.length)
    return { path: ["link"], message: `must be empty: a review given ${source.toLowerCase()} has no link` }
  if (isHttpsOn(link, hosts)) return undefined
  return { path: ["link"], message: `must be an https address on ${hostList(hosts)}, where ${source} keeps it` }
}

/** What the owner reads of a day given after today (in the shop's time zone), the build and the editor alike. */
export const afterTodayMessage = (today: string): string =>
  `is after today (${today}): give the day the customer gave it`

/** The day it was given is not after today (in the shop's time zone). */
export function givenProblem(given: string, today: string): DayProblem | undefined {
  if (!given || given <= today) return undefined
  return { path: ["given"], message: afterTodayMessage(today) }
}

/** The town, when given, is one of the towns served (their names). */
export function townProblem(town: string | null | undefined, towns: readonly string[]): DayProblem | undefined {
  if (!town || towns.includes(town)) return undefined
  return { path: ["town"], message: `names "${town}", which is not a town served: pick one of the towns, or none` }
}

/**
 * Every rule a review breaks, in the order of its fields, as the page for today
 * checks it before sending: the model's own rules (its schema's and its rules
 * across records), with today and the towns served given.
 */
export function reviewProblems(
  review: ReviewEntry,
  { today, towns, services }: { today: string; towns: readonly string[]; services: readonly string[] },
): DayProblem[] {
  const problems: (DayProblem | undefined)[] = [
    quoteProblem(review.quote),
    review.name.trim() ? undefined : { path: ["name"], message: "is empty" },
    townProblem(review.town, towns),
    review.service && !services.includes(review.service)
      ? { path: ["service"], message: "is not one of the services" }
      : undefined,
    /^\d{4}-\d{2}-\d{2}$/.test(review.given)
      ? givenProblem(review.given, today)
      : { path: ["given"], message: "must be a date (YYYY-MM-DD)" },
    (REVIEW_SOURCES as readonly string[]).includes(review.source)
      ? undefined
      : { path: ["source"], message: `must be one of ${REVIEW_SOURCES.join(", ")}` },
    linkProblem(review.source, review.link),
    review.consent ? undefined : { path: ["consent"], message: CONSENT_MESSAGE },
  ]
  return problems.filter((problem): problem is DayProblem => Boolean(problem))
}
