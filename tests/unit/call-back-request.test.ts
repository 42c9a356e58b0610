import {
  ANOTHER_TOWN,
  checkCallBack,
  formatUsPhone,
  unknownFields,
  usPhoneDigits,
} from "../../src/lib/call-back-request"
import { NOTE_MAX } from "../../src/lib/call-back-limits"
import { callBackWhen } from "../../src/lib/call-back-time"
import type { Schedule } from "../../src/lib/business-time"
import { readCities, readServices } from "../fixtures/content"
import { expectEvery } from "../offenders"

const choices = { towns: readCities().map(({ name }) => name), appliances: readServices().map(({ name }) => name) }
const good = {
  name: "Pat Homeowner",
  phone: "847-555-0123",
  town: choices.towns[0],
  appliance: choices.appliances[0],
  note: "",
  bestTime: "evening",
}

describe("a US phone number", () => {
  it("is read from the ways people write it, as ten digits, and shown back as (847) 555-0123", () => {
    const written = [
      "847-555-0123",
      "(847) 555-0123",
      "847.555.0123",
      "8475550123",
      "+1 847 555 0123",
      "1-847-555-0123",
    ]
    expectEvery(
      written,
      "numbers not read as 8475550123",
      (text) => (usPhoneDigits(text) === "8475550123" ? undefined : String(usPhoneDigits(text))),
      (text) => text,
    )
    expect(formatUsPhone("8475550123")).toBe("(847) 555-0123")
  })

  it("is refused when it is not one: too short, too long, letters, an area code or exchange starting 0 or 1", () => {
    const bad = ["555-0123", "847-555-01234", "847-555-CALL", "047-555-0123", "847-155-0123", "+44 20 7946 0958", ""]
    expectEvery(
      bad,
      "non-numbers read as numbers",
      (text) => (usPhoneDigits(text) === undefined ? undefined : "read"),
      (t) => t,
    )
  })
})

describe("the one check of a request", () => {
  it("takes a right request, its name on one line and its phone as digits", () => {
    expect(checkCallBack({ ...good, name: "  Pat \n Homeowner\u202e " }, choices)).toEqual({
      request: { ...good, name: "Pat Homeowner", phone: "8475550123" },
    })
  })

  it("takes every town the site serves and “another town”, every appliance it repairs, and each best time", () => {
    const values = [
      ...[...choices.towns, ANOTHER_TOWN].map((town) => ({ ...good, town })),
      ...choices.appliances.map((appliance) => ({ ...good, appliance })),
      ...["morning", "afternoon", "evening"].map((bestTime) => ({ ...good, bestTime })),
    ]
    expectEvery(
      values,
      "right requests refused",
      (value) =>
        "problems" in checkCallBack(value, choices) ? JSON.stringify(checkCallBack(value, choices)) : undefined,
      (value) => `${value.town} ${value.appliance} ${value.bestTime}`,
    )
  })

  it("says each problem at its field, in words a person can act on", () => {
    const checked = checkCallBack(
      {
        name: " ",
        phone: "555",
        town: "Atlantis",
        appliance: "Toaster",
        note: "x".repeat(NOTE_MAX + 1),
        bestTime: "noon",
      },
      choices,
    )
    expect(checked).toEqual({
      problems: {
        name: "Enter your name.",
        phone: "Enter a US phone number of 10 digits, e.g. 847-555-0123.",
        town: "Choose your town, or “another town”.",
        appliance: "Choose the appliance.",
        note: `Shorten the note to ${NOTE_MAX} characters; it has ${NOTE_MAX + 1}.`,
        bestTime: "Choose the best time to call.",
      },
    })
    expect(checkCallBack({}, choices)).toEqual({
      problems: expect.objectContaining({ name: "Enter your name.", phone: "Enter your phone number." }),
    })
  })

  it("keeps a note's lines but no other control character", () => {
    const checked = checkCallBack({ ...good, note: "Stopped cooling.\r\nIce on the back wall.\u0007\u200b" }, choices)
    expect(checked).toEqual({ request: expect.objectContaining({ note: "Stopped cooling.\nIce on the back wall." }) })
  })

  it("names the fields a body carries that the form has not", () => {
    expect(unknownFields(["name", "phone", "started", "website", "email", "bcc"])).toEqual(["email", "bcc"])
  })
})

describe("when we will call, as the answer says it", () => {
  // A week as a shop keeps it; the instants are in Chicago's winter time (UTC-6).
  const schedule: Schedule = {
    timeZone: "America/Chicago",
    hours: [
      { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "18:00" },
      { days: ["Saturday"], opens: "09:00", closes: "16:00" },
    ],
    specialHours: [],
  }
  it("on a closed Saturday evening: Monday at 8 am", () => {
    expect(callBackWhen(Date.parse("2026-11-28T19:50:00-06:00"), schedule)).toBe(
      "We open Monday at 8 am: we will call you then.",
    )
  })
  it("before opening on a weekday, with the best time asked for", () => {
    expect(callBackWhen(Date.parse("2026-12-01T06:00:00-06:00"), schedule, "afternoon")).toBe(
      "We open today at 8 am: we will call you then, in the afternoon as you asked.",
    )
  })
  it("while open", () => {
    expect(callBackWhen(Date.parse("2026-12-01T10:00:00-06:00"), schedule)).toBe(
      "We are open now: we will call you shortly.",
    )
  })
})
