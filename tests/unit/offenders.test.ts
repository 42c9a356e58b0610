import { expectEvery, expectNone } from "../offenders"

describe("one test per rule, naming every offender", () => {
  it("fails once, counting and naming every offender with its problems", () => {
    const check = () =>
      expectEvery(["/a/", "/b/", "/c/", "/d/"], "pages lack a canonical", (route) =>
        route === "/b/" ? undefined : route === "/d/" ? ["no canonical", "no title"] : "no canonical",
      )
    expect(check).toThrow(
      "pages lack a canonical: 3 of 4\n  /a/: no canonical\n  /c/: no canonical\n  /d/: no canonical; no title",
    )
  })

  it("takes a failed expect as the item's problem, on one line, and goes on to the next item", () => {
    const check = () =>
      expectEvery(
        [{ slug: "niles" }, { slug: "skokie" }],
        "towns are not Niles",
        (town) => expect(town.slug).toBe("niles"),
        (town) => town.slug,
      )
    expect(check).toThrow(
      /^towns are not Niles: 1 of 2\n {2}skokie: expect\(received\)\.toBe\(expected\).*"niles".*"skokie"$/,
    )
  })

  it("passes when nothing offends, and refuses to check an empty list", () => {
    expect(() => expectEvery(["/"], "pages offend", () => [])).not.toThrow()
    expect(() => expectNone([], "pages offend")).not.toThrow()
    expect(() => expectEvery([], "pages offend", () => undefined)).toThrow("nothing to check")
  })
})
