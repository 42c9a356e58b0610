import fs from "fs"
import path from "path"
import type { CheerioAPI } from "cheerio"
import { parseAllRedirects } from "@netlify/redirect-parser"
import { PUBLIC_DIR, builtRoutes, page } from "./built-site"
import { readBusiness, readCities, readData, readServices } from "../fixtures/content"
import { expectEvery, expectNone } from "../offenders"
import type { ReviewContent } from "../../internal/content/model"
import { REVIEWS_PATH, REVIEW_LINK_PATH, cityPath, servicePath } from "../../src/lib/routes"
import { HOME_QUOTE_MAX } from "../../src/lib/reviews"

/**
 * Reviews as a visitor and a search engine see them, on whatever data/reviews.json holds: none as
 * shipped (no section, no heading, no empty box, no /reviews/, no footer link), or the fixture
 * reviews the edited copy is built with (scripts/fixture-reviews.mjs), or the owner's: each page shows the
 * right ones, each quote its name, town, month and source, and no page marks up a rating.
 */

const reviews = readData<ReviewContent[]>("reviews.json")
const business = readBusiness()
const cities = readCities()
const services = readServices()
const routes = builtRoutes()
const pages = [...routes, "404.html"]

/** Newest first by the day given; reviews of one day in the file's order. */
const byDay = [...reviews].sort((a, b) => (a.given === b.given ? 0 : a.given < b.given ? 1 : -1))
const newest = (list: readonly ReviewContent[], count = 3) =>
  byDay.filter((review) => list.includes(review)).slice(0, count)

interface ShownQuote {
  quote: string
  caption: string
  link: string | undefined
}

/** The quotes a page shows, in order: every customer's words on it, wherever they are. */
function quotesOn($: CheerioAPI): ShownQuote[] {
  return $("main figure")
    .filter((_, figure) => $(figure).find("blockquote").length > 0)
    .map((_, figure) => ({
      quote: $(figure).find("blockquote").text().trim(),
      caption: $(figure)
        .find("figcaption")
        .text()
        .replace(/[ \t\r\n]+/g, " ")
        .trim(),
      link: $(figure).find("figcaption a").attr("href"),
    }))
    .get()
}

/**
 * The review a shown quote is: its words whole, or cut at a word with the cut marked "…" (the
 * home page cuts a long quote, as the owner may: never another change of the customer's words).
 */
const reviewOf = (shown: ShownQuote) =>
  reviews.find(
    (review) =>
      review.quote === shown.quote || (shown.quote.endsWith("…") && review.quote.startsWith(shown.quote.slice(0, -1))),
  )
/**
 * Each fixture review's caption as a visitor reads it (name, town, month, source), written out by
 * hand: the edited copy is built with the fixtures (scripts/fixture-reviews.mjs). An owner's own
 * review has no such line; its caption must hold its name and town.
 */
const FIXTURE_CAPTIONS = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, "../fixtures/reviews/captions.json"), "utf8"),
) as Record<string, string>

/** What is wrong with the quotes a page shows, against the reviews it should show, in that order. */
function wrongQuotes(route: string, expected: readonly ReviewContent[]): string[] {
  const shown = quotesOn(page(route))
  const problems: string[] = []
  const names = (list: readonly (ReviewContent | undefined)[]) => list.map((review) => review?.name ?? "?").join(", ")
  if (shown.length !== expected.length || shown.some((quote, index) => reviewOf(quote) !== expected[index])) {
    problems.push(
      `shows ${shown.length} (${names(shown.map(reviewOf))}), expected ${expected.length} (${names(expected)})`,
    )
  }
  for (const quote of shown) {
    const review = reviewOf(quote)
    if (!review) {
      problems.push(`shows "${quote.quote.slice(0, 40)}…", which is no review of data/reviews.json`)
      continue
    }
    const golden = FIXTURE_CAPTIONS[review.name]
    if (golden !== undefined && quote.caption !== golden) {
      problems.push(`${review.name}'s caption reads "${quote.caption}", expected "${golden}"`)
    }
    const missing = [review.name, review.town].filter((part) => part && !quote.caption.includes(part))
    if (missing.length) problems.push(`${review.name}'s caption "${quote.caption}" lacks ${missing.join(", ")}`)
    if ((review.link ?? undefined) !== quote.link) {
      problems.push(`${review.name}'s quote links to ${quote.link ?? "nothing"}, expected ${review.link ?? "nothing"}`)
    }
  }
  return problems
}

const townPages = cities.map((city) => cityPath(city.slug))
const servicePages = services.map((service) => servicePath(service.slug))

describe(`reviews (${reviews.length} in data/reviews.json)`, () => {
  it("the home page shows the three newest, each with its name, town, month and source, none longer than its cut", () => {
    expectEvery(["/"], "the home page shows other reviews", (route) => [
      ...wrongQuotes(route, newest(reviews)),
      ...quotesOn(page(route))
        .filter((shown) => [...shown.quote].length > HOME_QUOTE_MAX)
        .map((shown) => `"${shown.quote.slice(0, 30)}…" has over ${HOME_QUOTE_MAX} characters`),
    ])
  })

  it("a town page shows its own reviews first, newest first, then its listed neighbours', up to three", () => {
    expectEvery(townPages, "town pages show other reviews", (route) => {
      const city = cities.find((each) => cityPath(each.slug) === route)
      const $ = page(route)
      const listed = $("#nearby a")
        .map((_, link) => cities.find((each) => cityPath(each.slug) === $(link).attr("href"))?.name)
        .get()
      const own = newest(
        reviews.filter((review) => review.town === city?.name),
        reviews.length,
      )
      const near = listed.flatMap((name) =>
        newest(
          reviews.filter((review) => review.town === name),
          reviews.length,
        ),
      )
      return wrongQuotes(route, [...own, ...near].slice(0, 3))
    })
  })

  it("a service page shows the newest three about its appliance", () => {
    expectEvery(servicePages, "service pages show other reviews", (route) => {
      const service = services.find((each) => servicePath(each.slug) === route)
      return wrongQuotes(route, newest(reviews.filter((review) => review.service === service?.slug)))
    })
  })

  it("no other page shows a quote, and a page with none has no reviews section, heading or empty list", () => {
    const quoted = new Set(["/", ...townPages, ...servicePages, REVIEWS_PATH])
    expectEvery(pages, "pages show reviews they should not, or an empty reviews section", (route) => {
      const $ = page(route)
      const problems: string[] = []
      if (!quoted.has(route) && quotesOn($).length) problems.push(`${quotesOn($).length} quotes`)
      if (!quotesOn($).length && /What (\w+ )*Customers (in and near [^S]+ )?Say/.test($("main").text())) {
        problems.push('a "What … Customers Say" heading with no quote')
      }
      if ($("main ul").filter((_, list) => $(list).children().length === 0).length) problems.push("an empty list")
      return problems
    })
  })

  it("/reviews/ lists every review, newest first, and every footer links to it, only once there is one", () => {
    const built = fs.existsSync(path.join(PUBLIC_DIR, REVIEWS_PATH, "index.html"))
    if (!reviews.length) {
      expect(built).toBe(false)
    } else {
      expect(built).toBe(true)
      expectNone(wrongQuotes(REVIEWS_PATH, byDay), "/reviews/ lists other reviews")
    }
    expectEvery(pages, `footers ${reviews.length ? "lack" : "have"} the link to ${REVIEWS_PATH}`, (route) => {
      const linked = page(route)(`footer a[href='${REVIEWS_PATH}']`).length > 0
      return linked === reviews.length > 0 ? [] : [linked ? "links to it" : "does not link to it"]
    })
  })

  it("no page marks up a review or a rating, or shows stars", () => {
    const MARKUP = /"@type"\s*:\s*"(Review|AggregateRating|Rating)"|"(review|aggregateRating|reviewRating)"\s*:/
    expectEvery(pages, "pages mark up reviews or ratings", (route) => {
      const $ = page(route)
      const problems: string[] = []
      $("script[type='application/ld+json']").each((_, script) => {
        const found = MARKUP.exec($(script).html() ?? "")
        if (found) problems.push(`its JSON-LD has ${found[0]}`)
      })
      if ($("[itemprop='reviewRating'], [itemprop='aggregateRating'], [itemtype*='Review']").length) {
        problems.push("microdata of a review or rating")
      }
      if (/[★☆⭐]/.test($("body").text())) problems.push("a star character")
      return problems
    })
  })

  it(`${REVIEW_LINK_PATH} redirects to the review link in the site's own redirects only when it is set`, async () => {
    const { redirects, errors } = await parseAllRedirects({
      redirectsFiles: [path.join(PUBLIC_DIR, "_redirects")],
      configRedirects: [],
      minimal: true,
    })
    expect(errors).toEqual([])
    const rules = (redirects as Array<{ from: string; to: string; status?: number }>).filter((rule) =>
      [REVIEW_LINK_PATH, REVIEW_LINK_PATH.slice(0, -1)].includes(rule.from),
    )
    expect(fs.existsSync(path.join(PUBLIC_DIR, REVIEW_LINK_PATH))).toBe(false)
    if (business.reviewLink) {
      expect(rules.map(({ from, to, status }) => ({ from, to, status }))).toEqual([
        { from: REVIEW_LINK_PATH, to: business.reviewLink, status: 302 },
      ])
    } else {
      expect(rules).toEqual([])
    }
  })
})
