import {
  closureNotices,
  formatDate,
  isCurrent,
  localTime,
  openingStatus,
  type Schedule,
  type SpecialHours,
} from "../../src/lib/business-time"
import { addDays } from "../../src/lib/day-rules"

// Chicago is UTC-6 (CST) until 2026-03-08 and from 2026-11-01, UTC-5 (CDT) in between and from 2027-03-14.
const zone = "America/Chicago"
const at = (iso: string) => Date.parse(iso)

const specialHours: SpecialHours[] = [
  { from: "2026-11-26", to: "", opens: "", closes: "", note: "Thanksgiving" },
  { from: "2026-12-24", to: null, opens: "09:00", closes: "13:00", note: "Christmas Eve" },
  { from: "2026-12-25", to: "2027-01-01", opens: "", closes: "", note: "the holidays" },
  { from: "2027-02-15", to: null, opens: null, closes: null, note: null },
  { from: "2027-02-17", opens: "09:15", closes: "12:30", note: "" },
  { from: "2027-07-05", to: "2027-07-17", note: "our summer vacation" },
]

const schedule: Schedule = {
  timeZone: zone,
  hours: [
    { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "18:00" },
    { days: ["Saturday"], opens: "09:00", closes: "16:00" },
    { days: ["Sunday"], opens: "", closes: "" },
  ],
  specialHours,
}

const status = (iso: string) => openingStatus(at(iso), schedule)
const open = (text: string) => ({ open: true, text })
const closed = (text: string) => ({ open: false, text })

afterEach(() => jest.restoreAllMocks())

describe("addDays", () => {
  it("counts whole days across months, years, leap days and both daylight-saving changes, either way", () => {
    const cases: Array<[string, number, string]> = [
      ["2026-11-26", 1, "2026-11-27"],
      ["2026-11-30", 1, "2026-12-01"],
      ["2026-12-31", 1, "2027-01-01"],
      ["2028-02-28", 1, "2028-02-29"],
      ["2027-02-28", 1, "2027-03-01"],
      ["2026-03-07", 2, "2026-03-09"],
      ["2026-11-01", -1, "2026-10-31"],
      ["2026-11-26", -90, "2026-08-28"],
      ["2026-11-26", 0, "2026-11-26"],
    ]
    expect(cases.map(([day, days]) => addDays(day, days))).toEqual(cases.map(([, , after]) => after))
  })
})

describe("localTime", () => {
  it("reads the business's wall clock, not UTC's", () => {
    expect(localTime(at("2026-11-28T21:59:00Z"), zone)).toEqual({ date: "2026-11-28", minutes: 959 })
  })

  it("starts a day at minute 0 at local midnight", () => {
    expect(localTime(at("2026-11-30T06:00:00Z"), zone)).toEqual({ date: "2026-11-30", minutes: 0 })
    expect(localTime(at("2026-11-30T05:59:00Z"), zone)).toEqual({ date: "2026-11-29", minutes: 1439 })
  })

  it("reads any zone it is given", () => {
    expect(localTime(at("2026-11-28T21:00:00Z"), "Asia/Tokyo")).toEqual({ date: "2026-11-29", minutes: 360 })
  })

  it("reads an hour printed as 24 as midnight", () => {
    jest.spyOn(Intl.DateTimeFormat.prototype, "formatToParts").mockReturnValueOnce([
      { type: "month", value: "11" },
      { type: "literal", value: "/" },
      { type: "day", value: "30" },
      { type: "literal", value: "/" },
      { type: "year", value: "2026" },
      { type: "literal", value: ", " },
      { type: "hour", value: "24" },
      { type: "literal", value: ":" },
      { type: "minute", value: "05" },
    ])
    expect(localTime(at("2026-11-30T06:05:00Z"), zone)).toEqual({ date: "2026-11-30", minutes: 5 })
  })

  it("gives both 1:30 am of the night daylight-saving time ends", () => {
    expect(localTime(at("2026-11-01T06:30:00Z"), zone)).toEqual({ date: "2026-11-01", minutes: 90 })
    expect(localTime(at("2026-11-01T07:30:00Z"), zone)).toEqual({ date: "2026-11-01", minutes: 90 })
  })

  it("skips the hour lost the night daylight-saving time begins", () => {
    expect(localTime(at("2026-03-08T07:59:00Z"), zone)).toEqual({ date: "2026-03-08", minutes: 119 })
    expect(localTime(at("2026-03-08T08:00:00Z"), zone)).toEqual({ date: "2026-03-08", minutes: 180 })
  })
})

describe("openingStatus on ordinary days", () => {
  it("is open on Saturday at 3:59 pm, until 4 pm", () => {
    expect(status("2026-11-28T21:59:00Z")).toEqual(open("Open now · until 4 pm"))
  })

  it("is closed on Saturday at 4:00 pm, opening Monday", () => {
    expect(status("2026-11-28T22:00:00Z")).toEqual(closed("Closed · opens Monday 8 am"))
  })

  it("is closed all Sunday, opening Monday", () => {
    expect(status("2026-11-29T06:00:00Z")).toEqual(closed("Closed · opens Monday 8 am"))
    expect(status("2026-11-29T18:00:00Z")).toEqual(closed("Closed · opens Monday 8 am"))
  })

  it("opens later today on Monday at 7:59 am", () => {
    expect(status("2026-11-30T13:59:00Z")).toEqual(closed("Closed · opens today 8 am"))
  })

  it("is open from the minute of opening, Monday at 8:00 am", () => {
    expect(status("2026-11-30T14:00:00Z")).toEqual(open("Open now · until 6 pm"))
  })

  it("is open at 5:59 pm and closed at 6:00 pm, opening the next weekday", () => {
    expect(status("2026-11-30T23:59:00Z")).toEqual(open("Open now · until 6 pm"))
    expect(status("2026-12-01T00:00:00Z")).toEqual(closed("Closed · opens Tuesday 8 am"))
  })

  it("follows the business's zone for a visitor in Tokyo (Sunday 6 am there is Saturday 3 pm in Chicago)", () => {
    expect(openingStatus(at("2026-11-29T06:00:00+09:00"), schedule)).toEqual(open("Open now · until 4 pm"))
  })
})

describe("openingStatus around a closed day", () => {
  it("is open the day before Thanksgiving at 5:59 pm", () => {
    expect(status("2026-11-25T23:59:00Z")).toEqual(open("Open now · until 6 pm"))
  })

  it("skips Thanksgiving after closing the day before", () => {
    expect(status("2026-11-26T00:00:00Z")).toEqual(closed("Closed · opens Friday 8 am"))
  })

  it("says why it is closed on Thanksgiving itself, all day", () => {
    expect(status("2026-11-26T06:00:00Z")).toEqual(closed("Closed today for Thanksgiving · opens Friday 8 am"))
    expect(status("2026-11-26T15:00:00Z")).toEqual(closed("Closed today for Thanksgiving · opens Friday 8 am"))
    expect(status("2026-11-27T05:59:00Z")).toEqual(closed("Closed today for Thanksgiving · opens Friday 8 am"))
  })

  it("opens as usual the day after", () => {
    expect(status("2026-11-27T14:00:00Z")).toEqual(open("Open now · until 6 pm"))
  })

  it("says only 'Closed today' on a closed day without a note", () => {
    expect(status("2027-02-15T18:00:00Z")).toEqual(closed("Closed today · opens Tuesday 8 am"))
  })
})

describe("openingStatus around special hours", () => {
  it("gives the special day's opening the evening before", () => {
    expect(status("2026-12-24T01:00:00Z")).toEqual(closed("Closed · opens Thursday 9 am"))
  })

  it("gives today's special opening time before it, without the note", () => {
    expect(status("2026-12-24T14:59:00Z")).toEqual(closed("Closed · opens today 9 am"))
  })

  it("gives the special closing time and the occasion while open", () => {
    expect(status("2026-12-24T15:00:00Z")).toEqual(open("Open now · until 1 pm for Christmas Eve"))
    expect(status("2026-12-24T18:59:00Z")).toEqual(open("Open now · until 1 pm for Christmas Eve"))
  })

  it("is closed after the special hours, as on any day after closing", () => {
    expect(status("2026-12-24T19:00:00Z")).toEqual(closed("Closed · opens Saturday, January 2, 9 am"))
  })

  it("replaces the weekly hours, with minutes in the times", () => {
    expect(status("2027-02-17T14:30:00Z")).toEqual(closed("Closed · opens today 9:15 am"))
    expect(status("2027-02-17T15:15:00Z")).toEqual(open("Open now · until 12:30 pm"))
    expect(status("2027-02-17T18:30:00Z")).toEqual(closed("Closed · opens Thursday 8 am"))
  })
})

describe("openingStatus during a closed range", () => {
  it("says why, with the date of an opening 7 or more days ahead", () => {
    expect(status("2026-12-25T18:00:00Z")).toEqual(
      closed("Closed today for the holidays · opens Saturday, January 2, 9 am"),
    )
    expect(status("2026-12-26T18:00:00Z")).toEqual(
      closed("Closed today for the holidays · opens Saturday, January 2, 9 am"),
    )
  })

  it("gives only the weekday of an opening 6 days ahead or fewer", () => {
    expect(status("2026-12-27T18:00:00Z")).toEqual(closed("Closed today for the holidays · opens Saturday 9 am"))
    expect(status("2027-01-01T18:00:00Z")).toEqual(closed("Closed today for the holidays · opens Saturday 9 am"))
  })

  it("gives the date of the first opening after a long vacation", () => {
    expect(status("2027-07-03T21:00:00Z")).toEqual(closed("Closed · opens Monday, July 19, 8 am"))
    expect(status("2027-07-12T17:00:00Z")).toEqual(
      closed("Closed today for our summer vacation · opens Monday, July 19, 8 am"),
    )
    expect(status("2027-07-13T17:00:00Z")).toEqual(closed("Closed today for our summer vacation · opens Monday 8 am"))
  })
})

describe("openingStatus across daylight-saving time", () => {
  it("is closed both times 1:30 am occurs the night it ends, opening Monday", () => {
    expect(status("2026-11-01T06:30:00Z")).toEqual(closed("Closed · opens Monday 8 am"))
    expect(status("2026-11-01T07:30:00Z")).toEqual(closed("Closed · opens Monday 8 am"))
  })

  it("is closed either side of the hour lost the night it begins, opening Monday", () => {
    expect(status("2026-03-08T07:59:00Z")).toEqual(closed("Closed · opens Monday 8 am"))
    expect(status("2026-03-08T08:00:00Z")).toEqual(closed("Closed · opens Monday 8 am"))
  })

  it("opens at 8 am daylight time the next morning", () => {
    expect(status("2026-03-09T12:59:00Z")).toEqual(closed("Closed · opens today 8 am"))
    expect(status("2026-03-09T13:00:00Z")).toEqual(open("Open now · until 6 pm"))
  })
})

describe("openingStatus with no opening in sight", () => {
  const allClosed = (special: SpecialHours[]): Schedule => ({
    timeZone: zone,
    hours: [
      { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"], opens: "", closes: "" },
    ],
    specialHours: special,
  })

  it("says only 'Closed' when nothing opens within 366 days", () => {
    expect(openingStatus(at("2026-11-28T18:00:00Z"), allClosed([]))).toEqual(closed("Closed"))
    const late = allClosed([{ from: "2027-11-30", opens: "08:00", closes: "18:00" }])
    expect(openingStatus(at("2026-11-28T18:00:00Z"), late)).toEqual(closed("Closed"))
  })

  it("still finds an opening exactly 366 days ahead", () => {
    const last = allClosed([{ from: "2027-11-29", opens: "08:00", closes: "18:00" }])
    expect(openingStatus(at("2026-11-28T18:00:00Z"), last)).toEqual(closed("Closed · opens Monday, November 29, 8 am"))
  })
})

describe("isCurrent", () => {
  const coupon = { ends: "2026-12-31" }

  it("keeps a coupon valid through 11:59 pm of its expiry day, business time", () => {
    expect(isCurrent(coupon, at("2027-01-01T05:59:00Z"), zone)).toBe(true)
  })

  it("expires a coupon at midnight after its expiry day, business time", () => {
    expect(isCurrent(coupon, at("2027-01-01T06:00:00Z"), zone)).toBe(false)
  })

  it("starts a window at midnight of its first day, business time", () => {
    expect(isCurrent({ starts: "2026-12-01" }, at("2026-12-01T05:59:00Z"), zone)).toBe(false)
    expect(isCurrent({ starts: "2026-12-01" }, at("2026-12-01T06:00:00Z"), zone)).toBe(true)
  })

  it("treats missing, null and empty bounds as open", () => {
    expect(isCurrent({}, at("2026-12-01T06:00:00Z"), zone)).toBe(true)
    expect(isCurrent({ starts: null, ends: "" }, at("2026-12-01T06:00:00Z"), zone)).toBe(true)
  })

  it("includes both ends of a one-day window", () => {
    const oneDay = { starts: "2026-07-04", ends: "2026-07-04" }
    expect(isCurrent(oneDay, at("2026-07-04T04:59:00Z"), zone)).toBe(false)
    expect(isCurrent(oneDay, at("2026-07-04T05:00:00Z"), zone)).toBe(true)
    expect(isCurrent(oneDay, at("2026-07-05T04:59:00Z"), zone)).toBe(true)
    expect(isCurrent(oneDay, at("2026-07-05T05:00:00Z"), zone)).toBe(false)
  })
})

describe("closureNotices", () => {
  it("gives a notice for each special entry with a note, none for the others", () => {
    expect(closureNotices(specialHours)).toEqual([
      { text: "Closed Thursday, November 26, for Thanksgiving.", starts: "2026-11-19", ends: "2026-11-26" },
      {
        text: "Open 9 am to 1 pm on Thursday, December 24, for Christmas Eve.",
        starts: "2026-12-17",
        ends: "2026-12-24",
      },
      {
        text: "Closed Friday, December 25, through Friday, January 1, for the holidays.",
        starts: "2026-12-18",
        ends: "2027-01-01",
      },
      {
        text: "Closed Monday, July 5, through Saturday, July 17, for our summer vacation.",
        starts: "2027-06-28",
        ends: "2027-07-17",
      },
    ])
  })

  it("words special hours over a range of days", () => {
    expect(
      closureNotices([{ from: "2026-12-24", to: "2026-12-26", opens: "09:00", closes: "13:00", note: "the holidays" }]),
    ).toEqual([
      {
        text: "Open 9 am to 1 pm Thursday, December 24, through Saturday, December 26, for the holidays.",
        starts: "2026-12-17",
        ends: "2026-12-26",
      },
    ])
  })

  it("writes noon and minutes, and starts the notice across a month and a year", () => {
    expect(
      closureNotices([
        { from: "2027-03-01", opens: "12:00", closes: "17:45", note: "inventory" },
        { from: "2027-01-03", to: "2027-01-03", note: "a family wedding" },
      ]),
    ).toEqual([
      { text: "Open 12 pm to 5:45 pm on Monday, March 1, for inventory.", starts: "2027-02-22", ends: "2027-03-01" },
      { text: "Closed Sunday, January 3, for a family wedding.", starts: "2026-12-27", ends: "2027-01-03" },
    ])
  })

  it("shows a notice from midnight 7 days before through the last day, business time", () => {
    const [thanksgiving] = closureNotices(specialHours)
    expect(isCurrent(thanksgiving, at("2026-11-19T05:59:00Z"), zone)).toBe(false)
    expect(isCurrent(thanksgiving, at("2026-11-19T06:00:00Z"), zone)).toBe(true)
    expect(isCurrent(thanksgiving, at("2026-11-27T05:59:00Z"), zone)).toBe(true)
    expect(isCurrent(thanksgiving, at("2026-11-27T06:00:00Z"), zone)).toBe(false)
  })
})

describe("formatDate", () => {
  it("writes a day in full", () => {
    expect(formatDate("2026-12-31")).toBe("December 31, 2026")
    expect(formatDate("2027-01-01")).toBe("January 1, 2027")
  })
})

describe("independence from the device's time zone", () => {
  it("never reads the device's zone through Date's local-time methods", () => {
    for (const method of [
      "getTimezoneOffset",
      "getFullYear",
      "getMonth",
      "getDate",
      "getDay",
      "getHours",
      "getMinutes",
    ] as const)
      jest.spyOn(Date.prototype, method).mockImplementation(() => {
        throw new Error(`Date.prototype.${method} reads the device's zone`)
      })
    expect(status("2026-11-26T15:00:00Z")).toEqual(closed("Closed today for Thanksgiving · opens Friday 8 am"))
    expect(status("2026-12-25T18:00:00Z")).toEqual(
      closed("Closed today for the holidays · opens Saturday, January 2, 9 am"),
    )
    expect(isCurrent({ ends: "2026-12-31" }, at("2027-01-01T05:59:00Z"), zone)).toBe(true)
    expect(closureNotices(specialHours)[0].text).toBe("Closed Thursday, November 26, for Thanksgiving.")
    expect(formatDate("2026-12-31")).toBe("December 31, 2026")
  })
})
