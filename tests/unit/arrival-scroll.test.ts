import { arrivalScrollKey, forgetEarlierScroll } from "../../src/lib/arrival-scroll"

/** A session's storage holding the positions Gatsby kept for two pages loaded anew, and one of a client-side visit. */
function storage() {
  const items = new Map([
    ["@@scroll|/service-area/|initial", "1931"],
    ["@@scroll|/brands/|initial", "394"],
    ["@@scroll|/service-area/|abc123", "640"],
  ])
  return { items, removeItem: (key: string) => void items.delete(key) }
}

describe("a page loaded anew starts where the browser puts it", () => {
  test("Gatsby's key for a page loaded anew is its path with the key 'initial'", () => {
    expect(arrivalScrollKey("/service-area/")).toBe("@@scroll|/service-area/|initial")
  })

  test.each(["navigate", "prerender", undefined])(
    "a load of type %s forgets the position an earlier load of the same path left, and nothing else",
    (type) => {
      const session = storage()
      expect(forgetEarlierScroll(session, "/service-area/", type)).toBe(true)
      expect([...session.items.keys()]).toEqual(["@@scroll|/brands/|initial", "@@scroll|/service-area/|abc123"])
    },
  )

  test.each(["reload", "back_forward"])("a %s returns to the place: the position is kept", (type) => {
    const session = storage()
    expect(forgetEarlierScroll(session, "/service-area/", type)).toBe(false)
    expect(session.items.get("@@scroll|/service-area/|initial")).toBe("1931")
  })
})
