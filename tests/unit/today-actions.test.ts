import fs from "fs"
import os from "os"
import path from "path"
import { liveFacts } from "../../internal/today/live-facts"
import type { LiveFacts } from "../../src/lib/live-facts"
import {
  LATE_AFTER_MS,
  arrival,
  clockTime,
  planCloseDays,
  planCouponWithoutEnd,
  planEndCoupon,
  planNotice,
  planNoticeOff,
  planOtherHours,
  planRemoveSpecialDays,
  planTakeCouponOff,
  refusedOnTheLiveSite,
  shopToday,
  type PlannedChange,
} from "../../src/lib/today-actions"
import { TODAY_FILES } from "../../src/lib/today-edits"

// The page for today's actions as commits, and how the live site shows each: every plan is applied
// to the repository's own files, built into live facts by the build's own function, and must then
// show; before that, the site as built must not show it.

const ROOT = path.resolve(__dirname, "../..")
const TODAY = "2026-11-27"
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8")

/** The repository's files with `changes` made in turn, as the next build's live facts. */
function builtWith(...changes: PlannedChange[]): LiveFacts {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "today-actions-"))
  try {
    const texts: Record<string, string> = Object.fromEntries(
      Object.values(TODAY_FILES).map((file) => [file, read(file)]),
    )
    for (const change of changes) texts[change.file] = change.change(texts[change.file])
    for (const [file, text] of Object.entries(texts)) {
      fs.mkdirSync(path.join(folder, path.dirname(file)), { recursive: true })
      fs.writeFileSync(path.join(folder, file), text)
    }
    return liveFacts(folder, new Date(`${TODAY}T12:00:00Z`), "abc", "main")
  } finally {
    fs.rmSync(folder, { recursive: true, force: true })
  }
}

const asBuilt = builtWith()
const coupons = JSON.parse(read(TODAY_FILES.coupons)) as Record<"homeCoupons" | "offers", { title: string }[]>
const offer = coupons.offers[0].title
const home = coupons.homeCoupons[0].title
// The repository's own closures, notice and coupons may hold anything the owner gave: each plan picks
// a day no closure of data/ holds.
const free = (from: string) => {
  let day = from
  const taken = (d: string) =>
    asBuilt.schedule.specialHours.some((entry) => entry.from <= d && d <= (entry.to || entry.from))
  while (taken(day)) day = new Date(Date.parse(day) + 864e5).toISOString().slice(0, 10)
  return day
}
const closedDay = free("2027-03-01")
const hoursDay = free("2027-04-01")

describe("each action of the page for today as one commit", () => {
  it("says what it did, in the file it changes, with a message naming the page", () => {
    const plans: [PlannedChange, string, string][] = [
      [
        planCloseDays({ from: "2027-03-01", to: "2027-03-02", occasion: " a family wedding " }, TODAY),
        TODAY_FILES.business,
        "Closed March 1, 2027 to March 2, 2027 for a family wedding",
      ],
      [
        planOtherHours({ day: "2027-04-01", opens: "09:00", closes: "13:30", occasion: "inventory" }, TODAY),
        TODAY_FILES.business,
        "Open 9 am to 1:30 pm on April 1, 2027 for inventory",
      ],
      [
        planRemoveSpecialDays("2027-03-01", "2027-03-02"),
        TODAY_FILES.business,
        "Usual hours again on March 1, 2027 to March 2, 2027",
      ],
      [
        planNotice({ text: "Closed early today.", ends: "2026-11-30" }, TODAY),
        TODAY_FILES.notice,
        "Notice on every page until November 30, 2026: “Closed early today.”",
      ],
      [planNoticeOff(), TODAY_FILES.notice, "Notice taken down"],
      [planEndCoupon({ list: "offers", title: offer, on: TODAY }, TODAY), TODAY_FILES.coupons, `“${offer}” ends today`],
      [
        planEndCoupon({ list: "offers", title: offer, on: "2026-12-31" }, TODAY),
        TODAY_FILES.coupons,
        `“${offer}” ends on December 31, 2026`,
      ],
      [planCouponWithoutEnd("offers", offer), TODAY_FILES.coupons, `“${offer}” shows again, with no end`],
      [
        planTakeCouponOff({ list: "homeCoupons", title: home }, TODAY),
        TODAY_FILES.coupons,
        `“${home}” taken off the site`,
      ],
    ]
    expect(plans.map(([plan]) => [plan.summary, plan.file, plan.message])).toEqual(
      plans.map(([, file, summary]) => [summary, file, `${summary} (from the page for today)`]),
    )
  })

  it("shows on the live site once a build carries it, and not before", () => {
    const closing = planCloseDays({ from: closedDay, to: "", occasion: "a family wedding" }, TODAY)
    const hours = planOtherHours({ day: hoursDay, opens: "10:00", closes: "14:00" }, TODAY)
    const notice = planNotice({ text: "Phones answered until 8 pm.", ends: "2026-12-03" }, TODAY)
    const ending = planEndCoupon({ list: "offers", title: offer, on: "2026-12-31" }, TODAY)
    const takingOff = planTakeCouponOff({ list: "homeCoupons", title: home }, TODAY)
    const built = builtWith(closing, hours, notice, ending, takingOff)
    const wrong = [closing, hours, notice, ending, takingOff].flatMap((plan) => [
      ...(plan.shows(asBuilt) ? [`${plan.summary}: shown before it was built`] : []),
      ...(plan.shows(built) ? [] : [`${plan.summary}: not shown once built`]),
    ])
    // And each undo, on the build that carried the change.
    const undone = builtWith(closing, hours, notice, ending, takingOff)
    const undos = [
      planRemoveSpecialDays(closedDay),
      planRemoveSpecialDays(hoursDay),
      planNoticeOff(),
      planCouponWithoutEnd("offers", offer),
      planCouponWithoutEnd("homeCoupons", home),
    ]
    const after = builtWith(closing, hours, notice, ending, takingOff, ...undos)
    for (const undo of undos) {
      if (undo.shows(undone)) wrong.push(`${undo.summary}: shown before it was built`)
      if (!undo.shows(after)) wrong.push(`${undo.summary}: not shown once built`)
    }
    expect(wrong).toEqual([])
  })

  it("is refused on the live site as it shows now: a day that has hours already, and the last offer of a list, at the end of a day or now", () => {
    const closing = planCloseDays({ from: closedDay, occasion: "a family wedding" }, TODAY)
    const built = builtWith(closing)
    expect(refusedOnTheLiveSite(closing, asBuilt)).toEqual([])
    expect(
      refusedOnTheLiveSite(planOtherHours({ day: closedDay, opens: "09:00", closes: "12:00" }, TODAY), built),
    ).toEqual([{ field: "Day", message: expect.stringMatching(/^overlaps entry \d+ \(/) }])
    // Every offer but the last ends on a day; the last may not end then too.
    const endings = coupons.offers
      .slice(0, -1)
      .map((coupon) => planEndCoupon({ list: "offers", title: coupon.title, on: "2026-12-31" }, TODAY))
    const last = planEndCoupon({ list: "offers", title: coupons.offers.at(-1)?.title ?? "", on: "2026-12-31" }, TODAY)
    expect(refusedOnTheLiveSite(last, builtWith(...endings))).toEqual([
      { field: "Coupon", message: expect.stringMatching(/^is the last offer of the coupons page after 2026-12-31/) },
    ])
    // Every home page coupon but the last taken off now; the last may not be taken off too.
    const takenOff = coupons.homeCoupons
      .slice(0, -1)
      .map((coupon) => planTakeCouponOff({ list: "homeCoupons", title: coupon.title }, TODAY))
    const lastHome = planTakeCouponOff({ list: "homeCoupons", title: coupons.homeCoupons.at(-1)?.title ?? "" }, TODAY)
    expect(refusedOnTheLiveSite(lastHome, asBuilt)).toEqual([])
    expect(refusedOnTheLiveSite(lastHome, builtWith(...takenOff))).toEqual([
      {
        field: "Coupon",
        message: expect.stringMatching(/^is the last offer of the home page on show: the site never/),
      },
    ])
  })
})

describe("a saved change on its way to the site", () => {
  const notice = planNotice({ text: "Phones answered until 8 pm.", ends: "2026-12-03" }, TODAY)
  const saved = Date.parse("2026-11-27T16:00:00Z")

  it("is building until the live site shows it, then live; later than a build takes, it is late, and live when it comes", () => {
    const built = builtWith(notice)
    expect([
      arrival(notice, asBuilt, saved, saved + 60_000),
      arrival(notice, undefined, saved, saved + 60_000),
      arrival(notice, built, saved, saved + 120_000),
      arrival(notice, asBuilt, saved, saved + LATE_AFTER_MS),
      arrival(notice, built, saved, saved + LATE_AFTER_MS + 60_000),
    ]).toEqual(["building", "building", "live", "late", "live"])
  })

  it("has failed when a production build failed after it was saved, not before; live still wins once a build carries it", () => {
    const failedAt = (offset: number) => ({ at: new Date(saved + offset).toISOString(), problems: [] })
    expect([
      arrival(notice, asBuilt, saved, saved + 120_000, failedAt(60_000)),
      arrival(notice, asBuilt, saved, saved + 120_000, failedAt(-60_000)),
      arrival(notice, asBuilt, saved, saved + 120_000, null),
      arrival(notice, builtWith(notice), saved, saved + 120_000, failedAt(60_000)),
    ]).toEqual(["failed", "building", "building", "live"])
  })

  it("is timed by the shop's clock and day, not the phone's", () => {
    expect(clockTime(saved, "America/Chicago")).toBe("10:00 am")
    expect(clockTime(Date.parse("2026-11-27T21:05:00Z"), "America/Chicago")).toBe("3:05 pm")
    expect(shopToday(Date.parse("2026-11-27T05:30:00Z"), "America/Chicago")).toBe("2026-11-26")
  })
})
