import {
  compoundSegments,
  brandsSentence,
  countPhrase,
  countiesPhrase,
  countyPhrase,
  indefiniteArticle,
  listPhrase,
  mileAdjective,
  milesPhrase,
  withArticle,
} from "../../src/lib/phrases"
import { expectEvery } from "../offenders"

describe("phrases built from data", () => {
  it("joins lists in plain English", () => {
    expect(listPhrase([])).toBe("")
    expect(listPhrase(["A"])).toBe("A")
    expect(listPhrase(["A", "B"])).toBe("A and B")
    expect(listPhrase(["A", "B", "C"])).toBe("A, B and C")
  })

  it("says a distance and a drive with the right number and article, from 0.5 to 11000 miles", () => {
    const examples = [
      [0.5, "0.5 miles", "a 0.5-mile drive"],
      [1, "1 mile", "a 1-mile drive"],
      [5.4, "5.4 miles", "a 5.4-mile drive"],
      [8, "8 miles", "an 8-mile drive"],
      [8.3, "8.3 miles", "an 8.3-mile drive"],
      [11, "11 miles", "an 11-mile drive"],
      [18, "18 miles", "an 18-mile drive"],
      [12, "12 miles", "a 12-mile drive"],
      [80, "80 miles", "an 80-mile drive"],
      [110, "110 miles", "a 110-mile drive"],
      [11000, "11000 miles", "an 11000-mile drive"],
    ] as const
    expectEvery(
      examples,
      "distances are said wrong",
      ([miles, distance, drive]) => {
        expect(milesPhrase(miles)).toBe(distance)
        expect(withArticle(`${mileAdjective(miles)} drive`)).toBe(drive)
      },
      ([miles]) => `${miles} miles`,
    )
  })

  it("uses 'an' before a vowel and 'a' before a consonant", () => {
    expect(indefiniteArticle("hour")).toBe("a") // by letter; no hour-like words are built
    expect(indefiniteArticle("outing")).toBe("an")
    expect(indefiniteArticle("trip")).toBe("a")
  })

  it("says one county or several", () => {
    expect(countyPhrase("Cook")).toBe("Cook County")
    expect(countyPhrase("Cook, Lake")).toBe("Cook and Lake counties")
    expect(countyPhrase("Cook, DuPage, Lake")).toBe("Cook, DuPage and Lake counties")
    expect(countyPhrase(" Cook ,Lake ")).toBe("Cook and Lake counties")
    expect(countiesPhrase(["McHenry"])).toBe("McHenry County")
    expect(countiesPhrase(["Cook", "Kane", "Lake", "McHenry"])).toBe("Cook, Kane, Lake and McHenry counties")
  })

  it("agrees a count with its noun", () => {
    expect(countPhrase(1, "community", "communities")).toBe("1 community")
    expect(countPhrase(0, "community", "communities")).toBe("0 communities")
    expect(countPhrase(67, "community", "communities")).toBe("67 communities")
  })

  it("names few brands in full and many by count", () => {
    expect(brandsSentence(["LG"])).toBe("We repair LG appliances.")
    expect(brandsSentence(["LG", "GE", "Bosch"])).toBe("We repair LG, GE and Bosch appliances.")
    const thirty = Array.from({ length: 30 }, (_, i) => `B${i + 1}`)
    expect(brandsSentence(thirty)).toBe("We repair 30 appliance brands, including B1, B2, B3, B4, B5, B6 and B30.")
  })

  it("cuts a text where its number compounds start and end, so each can be kept on one line", () => {
    expect(compoundSegments("with a 1-year warranty.")).toEqual([
      { text: "with a ", compound: false },
      { text: "1-year", compound: true },
      { text: " warranty.", compound: false },
    ])
    expect(compoundSegments("18-inch units, a 5.4-mile drive")).toEqual([
      { text: "18-inch", compound: true },
      { text: " units, a ", compound: false },
      { text: "5.4-mile", compound: true },
      { text: " drive", compound: false },
    ])
    // A phone number's hyphen joins digits, not a word; a word before a hyphen is no number.
    expect(compoundSegments("Call (847) 555-0142, same-day")).toEqual([
      { text: "Call (847) 555-0142, same-day", compound: false },
    ])
  })
})
