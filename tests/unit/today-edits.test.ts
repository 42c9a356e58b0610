import fs from "fs"
import path from "path"
import { business, couponBook, siteNotice } from "../../internal/content/model"
import { isCurrent } from "../../src/lib/business-time"
import {
  RefusedChange,
  TODAY_FILES,
  closeDays,
  endCoupon,
  noticeOff,
  noticeUntil,
  otherHours,
  removeSpecialDays,
  restoreCouponEnd,
  takeCouponOff,
} from "../../src/lib/today-edits"
import { expectEvery } from "../offenders"

// The owner's changes of the day on the repository's own files: what each writes, that the
// content model accepts the result, and each refusal naming the field, with nothing written.

const ROOT = path.resolve(__dirname, "../..")
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8")
const TODAY = "2026-11-27"

/** business.json as in the repository, with the special hours given (theirs are the owner's of the day). */
const businessWith = (specialHours: object[]) =>
  `${JSON.stringify({ ...JSON.parse(read(TODAY_FILES.business)), specialHours }, null, 2)}\n`
const CHRISTMAS = { from: "2026-12-24", to: "2026-12-26", note: "Christmas" }

/** Coupons as in the repository, every coupon without an end, and one more in each list. */
const coupons = () => {
  const book = JSON.parse(read(TODAY_FILES.coupons))
  for (const list of ["homeCoupons", "offers"]) {
    book[list] = book[list].map(({ expires: _expires, ...coupon }: { expires?: string }) => coupon)
    // Two at least, whatever the owner's lists hold: one ends, another stays.
    book[list].push({ ...book[list][0], title: "Another offer" })
  }
  return book as { homeCoupons: { title: string; expires?: string }[]; offers: { title: string; expires?: string }[] }
}
const couponsText = (book = coupons()) => `${JSON.stringify(book, null, 2)}\n`

/** The problems a refused change names, as "Field: message". */
function refusal(change: () => unknown): string[] {
  try {
    change()
  } catch (error) {
    if (error instanceof RefusedChange) return error.problems.map(({ field, message }) => `${field}: ${message}`)
    throw error
  }
  return []
}

const accepted = (schema: { safeParse: (data: unknown) => { success: boolean; error?: unknown } }, text: string) => {
  const result = schema.safeParse(JSON.parse(text))
  return result.success ? "" : String(result.error)
}

describe("closing days", () => {
  it("adds one closure after the others, which the content model accepts; the rest of the file is kept", () => {
    const before = businessWith([CHRISTMAS])
    const after = closeDays({ from: "2026-12-31", to: "2027-01-01", occasion: " New Year " }, TODAY)(before)
    const { specialHours, ...rest } = JSON.parse(after)
    expect(specialHours).toEqual([CHRISTMAS, { from: "2026-12-31", to: "2027-01-01", note: "New Year" }])
    const { specialHours: _kept, ...restBefore } = JSON.parse(before)
    expect(rest).toEqual(restBefore)
    expect(accepted(business.schema, after)).toBe("")
    const oneDay = closeDays({ from: "2026-11-28", to: "2026-11-28", occasion: "Storm" }, TODAY)(businessWith([]))
    expect(JSON.parse(oneDay).specialHours).toEqual([{ from: "2026-11-28", note: "Storm" }])
  })

  it("refuses, naming the field, a day past or not of the calendar, a last day before the first, an occasion empty or too long", () => {
    const cases: [string, Parameters<typeof closeDays>[0], string][] = [
      [
        "yesterday",
        { from: "2026-11-26", occasion: "Storm" },
        "First day: is 2026-11-26, already past (today is 2026-11-27)",
      ],
      ["February 30", { from: "2027-02-30", occasion: "Storm" }, "First day: is not a day of the calendar"],
      ["no first day", { from: "", occasion: "Storm" }, "First day: is empty: pick a day"],
      [
        "an end before the start",
        { from: "2026-12-10", to: "2026-12-09", occasion: "Trip" },
        "Last day: is 2026-12-09, before the first day 2026-12-10",
      ],
      ["no occasion", { from: "2026-12-10", occasion: "  " }, "Occasion: is empty: say why, e.g. Thanksgiving"],
      ["41 characters", { from: "2026-12-10", occasion: "x".repeat(41) }, "Occasion: is 41 characters, more than 40"],
      [
        "a day that has hours already",
        { from: "2026-12-23", to: "2026-12-24", occasion: "Trip" },
        "First day: overlaps entry 1 (2026-12-24 to 2026-12-26): a day has one set of hours",
      ],
    ]
    expectEvery(
      cases,
      "closures not refused as they should be",
      ([, input, problem]) =>
        expect(refusal(() => closeDays(input, TODAY)(businessWith([CHRISTMAS])))).toEqual([problem]),
      ([name]) => name,
    )
  })
})

describe("other hours on a day", () => {
  it("adds the day's hours, which the content model accepts; undo removes them", () => {
    const after = otherHours(
      { day: "2026-12-05", opens: "09:00", closes: "13:00", occasion: "" },
      TODAY,
    )(businessWith([CHRISTMAS]))
    expect(JSON.parse(after).specialHours).toEqual([CHRISTMAS, { from: "2026-12-05", opens: "09:00", closes: "13:00" }])
    expect(accepted(business.schema, after)).toBe("")
    expect(JSON.parse(removeSpecialDays("2026-12-05")(after)).specialHours).toEqual([CHRISTMAS])
  })

  it("refuses, naming the field, a time missing or not HH:MM, closing before opening, a day past", () => {
    const cases: [string, Parameters<typeof otherHours>[0], string[]][] = [
      ["no closing time", { day: "2026-12-05", opens: "09:00", closes: "" }, ["Closes at: is empty: give a time"]],
      ["9am", { day: "2026-12-05", opens: "9am", closes: "13:00" }, ["Opens at: must be HH:MM, e.g. 09:00"]],
      [
        "closing before opening",
        { day: "2026-12-05", opens: "13:00", closes: "09:00" },
        ["Closes at: is 09:00, not after the opening time 13:00"],
      ],
      [
        "yesterday",
        { day: "2026-11-26", opens: "09:00", closes: "13:00" },
        ["Day: is 2026-11-26, already past (today is 2026-11-27)"],
      ],
    ]
    expectEvery(
      cases,
      "other hours not refused as they should be",
      ([, input, problems]) => expect(refusal(() => otherHours(input, TODAY)(businessWith([])))).toEqual(problems),
      ([name]) => name,
    )
  })

  it("undo refuses a day that no longer has special hours (another phone removed them)", () => {
    expect(refusal(() => removeSpecialDays("2026-12-05")(businessWith([CHRISTMAS])))).toEqual([
      "First day: 2026-12-05: no closure or special hours start then now",
    ])
  })
})

describe("a notice until a day", () => {
  const NOTICE = `${JSON.stringify({ show: false, text: "" }, null, 2)}\n`

  it("switches the notice on from today until its last day, which the content model accepts; undo switches it off", () => {
    const after = noticeUntil(
      { text: " Storm backlog: repairs booked three days out ", ends: "2026-12-04" },
      TODAY,
    )(NOTICE)
    expect(JSON.parse(after)).toEqual({
      show: true,
      text: "Storm backlog: repairs booked three days out",
      starts: TODAY,
      ends: "2026-12-04",
    })
    expect(accepted(siteNotice.schema, after)).toBe("")
    expect(JSON.parse(noticeOff()(after))).toMatchObject({
      show: false,
      text: "Storm backlog: repairs booked three days out",
    })
  })

  it("refuses, naming the field, an empty or over-long notice and a last day past", () => {
    const cases: [string, Parameters<typeof noticeUntil>[0], string[]][] = [
      ["empty", { text: " ", ends: "2026-12-04" }, ["Notice: is empty: write the notice, or switch it off"]],
      ["121 characters", { text: "x".repeat(121), ends: "2026-12-04" }, ["Notice: is 121 characters, more than 120"]],
      [
        "ended yesterday",
        { text: "Closed", ends: "2026-11-26" },
        ["Last day: is 2026-11-26, already past (today is 2026-11-27)"],
      ],
    ]
    expectEvery(
      cases,
      "notices not refused as they should be",
      ([, input, problems]) => expect(refusal(() => noticeUntil(input, TODAY)(NOTICE))).toEqual(problems),
      ([name]) => name,
    )
  })
})

describe("ending a coupon", () => {
  it("gives the coupon its last day, which the content model accepts; undo gives back the end it had", () => {
    const book = coupons()
    const [first] = book.homeCoupons
    const after = endCoupon({ list: "homeCoupons", title: first.title, on: TODAY }, TODAY)(couponsText(book))
    const ended = JSON.parse(after)
    expect(ended.homeCoupons[0]).toEqual({ ...first, expires: TODAY })
    expect(ended.homeCoupons.slice(1)).toEqual(book.homeCoupons.slice(1))
    expect(ended.offers).toEqual(book.offers)
    expect(accepted(couponBook.schema, after)).toBe("")
    expect(JSON.parse(restoreCouponEnd("homeCoupons", first.title, undefined)(after))).toEqual(book)
    const later = JSON.parse(restoreCouponEnd("homeCoupons", first.title, "2026-12-31")(after))
    expect(later.homeCoupons[0]).toEqual({ ...first, expires: "2026-12-31" })
  })

  it("refuses to end the last offer a list would show, a coupon no longer there, and a day past", () => {
    const book = coupons()
    book.offers = book.offers.slice(0, 1)
    const [only] = book.offers
    expect(
      refusal(() => endCoupon({ list: "offers", title: only.title, on: "2026-12-01" }, TODAY)(couponsText(book))),
    ).toEqual([
      "Coupon: is the last offer of the coupons page after 2026-12-01: the site never shows none, so add another offer first",
    ])
    expect(refusal(() => endCoupon({ list: "offers", title: "Gone", on: TODAY }, TODAY)(couponsText(book)))).toEqual([
      "Coupon: “Gone” is no longer on the coupons page",
    ])
    expect(
      refusal(() => endCoupon({ list: "offers", title: only.title, on: "2026-11-20" }, TODAY)(couponsText(book))),
    ).toEqual(["Last day: is 2026-11-20, already past (today is 2026-11-27)"])
  })
})

describe("taking a coupon off the site now", () => {
  const ZONE = "America/Chicago"
  // The first and the last minute of TODAY in Chicago, and a minute of the evening before.
  const FIRST_MINUTE = Date.parse(`${TODAY}T06:00:30Z`)
  const LAST_MINUTE = Date.parse(`${TODAY}T05:59:30Z`) + 86_400_000
  const EVENING_BEFORE = Date.parse(`${TODAY}T05:00:00Z`)

  it("gives it yesterday as its last day, in its place, so the build and the browser hide it all today; the content model accepts it; undo puts it back as it was", () => {
    const book = coupons()
    const index = 1
    const coupon = book.offers[index]
    const after = takeCouponOff({ list: "offers", title: coupon.title }, TODAY)(couponsText(book))
    const ended = JSON.parse(after)
    expect(ended).toEqual({
      ...book,
      offers: book.offers.map((item, at) => (at === index ? { ...item, expires: "2026-11-26" } : item)),
    })
    expect(accepted(couponBook.schema, after)).toBe("")
    // What the build (create-resolvers.ts) and a page built earlier hide: a coupon not current at that instant.
    const shown = (instant: number) =>
      ended.offers
        .filter((item: { expires?: string }) => isCurrent({ ends: item.expires }, instant, ZONE))
        .map((item: { title: string }) => item.title)
    const others = book.offers.filter((_item, at) => at !== index).map((item) => item.title)
    expect([shown(FIRST_MINUTE), shown(LAST_MINUTE)]).toEqual([others, others])
    expect(shown(EVENING_BEFORE)).toContain(coupon.title)
    expect(restoreCouponEnd("offers", coupon.title, undefined)(after)).toBe(couponsText(book))
  })

  it("refuses, with nothing written, the last offer a list shows and a coupon no longer there", () => {
    const onlyOne = coupons()
    onlyOne.offers = onlyOne.offers.slice(0, 1)
    const othersEnded = coupons()
    othersEnded.homeCoupons = othersEnded.homeCoupons.map((item, at) =>
      at === 0 ? item : { ...item, expires: at === 1 ? "2026-11-26" : "2026-10-31" },
    )
    const cases: [string, string, "homeCoupons" | "offers", string, string][] = [
      [
        "the only offer",
        couponsText(onlyOne),
        "offers",
        onlyOne.offers[0].title,
        "Coupon: is the last offer of the coupons page on show: the site never shows none, so add another offer first",
      ],
      [
        "the last offer on show, the others ended yesterday or before",
        couponsText(othersEnded),
        "homeCoupons",
        othersEnded.homeCoupons[0].title,
        "Coupon: is the last offer of the home page on show: the site never shows none, so add another offer first",
      ],
      ["a coupon no longer there", couponsText(), "offers", "Gone", "Coupon: “Gone” is no longer on the coupons page"],
    ]
    expectEvery(
      cases,
      "coupons taken off that should have been refused",
      ([, text, list, title, problem]) =>
        expect(refusal(() => takeCouponOff({ list, title }, TODAY)(text))).toEqual([problem]),
      ([name]) => name,
    )
  })
})
