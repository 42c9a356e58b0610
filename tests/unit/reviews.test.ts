import fs from "fs"
import path from "path"
import { editorCollection, type EditorField } from "../../internal/cms/editor-config"
import { reviews } from "../../internal/content/model"
import { findContentProblems } from "../../internal/content/validate"
import { readContentFiles } from "../../internal/content/data-dir"
import { DATA_DIR } from "../fixtures/content"
import { cutQuote, reviewCaption, reviewMonth, serviceReviews, sourcePhrase, townReviews } from "../../src/lib/reviews"
import { checkReview, planAddReview, planRemoveReview, type ReviewChoices } from "../../src/lib/today-reviews"
import { RefusedChange } from "../../src/lib/today-edits"
import type { ReviewEntry } from "../../src/lib/review-rules"

/** The fixture reviews (clearly fictional test data, never shipped). */
const FIXTURES = JSON.parse(
  fs.readFileSync(path.join(__dirname, "../fixtures/reviews/reviews.json"), "utf8"),
) as ReviewEntry[]

const good: ReviewEntry = {
  quote: "The refrigerator cools again and the visit was on time.",
  name: "Test Customer Q.",
  town: "Glenview",
  service: "refrigerator-repair",
  given: "2026-11-01",
  source: "Google",
  link: "https://www.google.com/maps/reviews/test",
  consent: true,
}

/** The build's problems with data/ holding `reviews` (and the review link `reviewLink`), as of the build's day. */
function problemsWith(reviews: unknown[], reviewLink?: string) {
  const files = new Map(readContentFiles(DATA_DIR))
  files.set("reviews.json", reviews)
  if (reviewLink !== undefined) files.set("business.json", { ...(files.get("business.json") as object), reviewLink })
  return findContentProblems(files, { fileExists: (file) => fs.existsSync(path.resolve(DATA_DIR, file)) }).map(
    ({ file, record, field, message }) => `${file}, ${record}, ${field}: ${message}`,
  )
}

/** Each way a review breaks the model's rules, the field it names, and the build's and the phone's words. */
const REFUSALS: [string, Partial<ReviewEntry>, string, string][] = [
  ["without consent", { consent: false }, "consent", "must be yes: the customer agreed that we show this on our site"],
  ["given on a day to come", { given: "2026-11-21" }, "given", "is after today (2026-11-20)"],
  ["a quote too short", { quote: "Great job" }, "quote", "must be 20 to 600 characters"],
  ["a quote too long", { quote: "y".repeat(601) }, "quote", "must be 20 to 600 characters"],
  ["a town not served", { town: "Springfield" }, "town", 'names "Springfield", which is not a town served'],
  [
    "a link on another host",
    { link: "https://reviews.example.com/x" },
    "link",
    "must be an https address on the review's own site",
  ],
]

describe("a review's rules, as the build, the editor and the page for today hold them", () => {
  beforeEach(() => {
    // The build's day, as SITE_CLOCK fixes it: Friday, November 20, 2026, noon in Chicago.
    process.env.SITE_CLOCK = "2026-11-20T18:00:00Z"
  })
  afterAll(() => {
    delete process.env.SITE_CLOCK
  })

  it("the build accepts the fixture reviews and a review link on Google's hosts", () => {
    expect(problemsWith(FIXTURES, "https://g.page/r/TEST/review")).toEqual([])
  })

  it.each(REFUSALS)("the build refuses a review %s, naming its field", (_name, change, field, message) => {
    const problems = problemsWith([{ ...good, ...change }])
    // The link off every source's host breaks its pattern and the source's own rule: both name the link.
    expect(problems.length).toBe(field === "link" ? 2 : 1)
    for (const problem of problems) expect(problem).toContain(`data/reviews.json, #1 "${good.name}", ${field}: `)
    expect(problems[0]).toContain(field === "link" ? "must be an https address" : message)
  })

  it("the build refuses a link that is not the source's own, and any link to a review given in person", () => {
    expect(problemsWith([{ ...good, source: "Yelp" }])).toEqual([
      expect.stringContaining(", link: must be an https address on yelp.com, where Yelp keeps it"),
    ])
    expect(problemsWith([{ ...good, source: "In person" }])).toEqual([
      expect.stringContaining(", link: must be empty: a review given in person has no link"),
    ])
  })

  it("the build refuses a review link off Google's hosts, or not https", () => {
    for (const link of [
      "https://www.yelp.com/writeareview",
      "http://g.page/r/TEST/review",
      "https://g.page.example.com/r",
    ]) {
      expect(problemsWith([], link)).toEqual([
        expect.stringContaining(
          'data/business.json, "business", reviewLink: must be an https address on Google\'s hosts',
        ),
      ])
    }
  })

  const choices: ReviewChoices = {
    askUrl: "https://example.test/review/",
    linkSet: true,
    towns: ["Glenview", "Wilmette"],
    services: [{ slug: "refrigerator-repair", name: "Refrigerator Repair" }],
  }

  it.each(REFUSALS)(
    "the page for today refuses a review %s before sending, naming its field by its label",
    (_name, change, field, message) => {
      const label = {
        consent: "Consent",
        given: "Day given",
        quote: "The customer’s words",
        town: "Town",
        link: "Link to it",
      }[field]
      const problems = checkReview({ ...good, ...change }, "2026-11-20", choices)
      expect(problems).toEqual([{ field: label, message: expect.any(String) }])
      if (field !== "link") expect(problems[0].message).toContain(message)
      expect(() => planAddReview({ ...good, ...change }, "2026-11-20", choices).change("[]\n")).toThrow(RefusedChange)
    },
  )

  it("the editor refuses what its patterns can check: no consent, a quote too short or too long, a link off the sources", () => {
    // The editor's fields of the reviews, as config.yml holds them (tests/unit/golden-files.test.ts).
    const fields = editorCollection(reviews).files?.[0].fields[0].fields ?? []
    const pattern = (name: string) =>
      new RegExp(fields.find((each: EditorField) => each.name === name)?.pattern?.[0] ?? "(?!)")
    expect(pattern("consent").test(String(false))).toBe(false)
    expect(pattern("consent").test(String(true))).toBe(true)
    expect(pattern("quote").test("Great job")).toBe(false)
    expect(pattern("quote").test("y".repeat(601))).toBe(false)
    expect(pattern("quote").test(good.quote)).toBe(true)
    expect(pattern("link").test("https://reviews.example.com/x")).toBe(false)
    expect(pattern("link").test(String(good.link))).toBe(true)
  })
})

describe("adding a review from the page for today", () => {
  const choices: ReviewChoices = {
    askUrl: "https://example.test/review/",
    linkSet: true,
    towns: ["Glenview"],
    services: [],
  }

  it("puts the review first in data/reviews.json, empty fields left out, and its undo takes it off", () => {
    const input = { ...good, service: "", link: "", source: "In person" }
    const plan = planAddReview(input, "2026-11-20", { ...choices, services: [] })
    const text = plan.change(`${JSON.stringify(FIXTURES, null, 2)}\n`)
    const written = JSON.parse(text) as ReviewEntry[]
    expect(written[0]).toEqual({
      quote: good.quote,
      name: good.name,
      town: "Glenview",
      given: good.given,
      source: "In person",
      consent: true,
    })
    expect(written.slice(1)).toEqual(FIXTURES)
    expect(plan.shows({ reviews: [`${good.given} ${good.name}`] } as never)).toBe(true)
    expect(JSON.parse(planRemoveReview(good).change(text))).toEqual(FIXTURES)
  })

  it("refuses a second review of the same day and name, on the file as it is", () => {
    const plan = planAddReview({ ...good, link: "", source: "By letter" }, "2026-11-20", choices)
    expect(() => plan.change(JSON.stringify([{ ...good }]))).toThrow(/Name as agreed: already has a review given on/)
  })
})

describe("which reviews a page shows", () => {
  it("a quote's caption names who gave it, their town when there is one, and the month", () => {
    expect(reviewCaption({ name: "Maria G.", town: "Glenview", given: "2026-10-02" })).toBe(
      "Maria G., Glenview, October\u00a02026, ",
    )
    expect(reviewCaption({ name: "Maria G.", town: null, given: "2026-10-02" })).toBe("Maria G., October\u00a02026, ")
  })

  it("a town page: its own newest first, then its neighbours' in their order, up to three", () => {
    expect(townReviews(FIXTURES, "Glenview", ["Skokie", "Wilmette"]).map((review) => review.name)).toEqual([
      "Test Customer A.",
      "Test Customer B.",
      "Test Customer F.",
    ])
    expect(townReviews(FIXTURES, "Kenilworth", ["Wilmette", "Evanston"]).map((review) => review.name)).toEqual([
      "Test Customer C.",
      "Test Customer D.",
    ])
    expect(townReviews(FIXTURES, "Addison", ["Bensenville"])).toEqual([])
  })

  it("a service page: the newest three about its appliance", () => {
    expect(serviceReviews(FIXTURES, "refrigerator-repair").map((review) => review.name)).toEqual([
      "Test Customer A.",
      "Test Customer C.",
      "Test Customer E.",
    ])
    expect(serviceReviews(FIXTURES, "microwave-repair")).toEqual([])
  })

  it("says the month and the source as a reader does, and cuts a long quote at a word with …", () => {
    expect(reviewMonth("2026-03-01")).toBe("March\u00a02026")
    expect(sourcePhrase("Google")).toBe("on Google")
    expect(sourcePhrase("In person")).toBe("in person")
    expect(sourcePhrase("By letter")).toBe("by letter")
    expect(cutQuote("Short and sweet.", 80)).toBe("Short and sweet.")
    expect(cutQuote("The washer drains again, and the technician, who was early, explained it all.", 40)).toBe(
      "The washer drains again, and the…",
    )
  })
})
