import fs from "fs"
import path from "path"
import { PUBLIC_DIR, builtRoutes, page } from "./built-site"
import { callBacksOn } from "../../internal/call-backs/setting"
import { ANOTHER_TOWN, CALL_BACK_ENDPOINT, FORM_FIELDS } from "../../src/lib/call-back-request"
import { CALL_BACK_PATH } from "../../src/lib/routes"
import { readCities, readServices } from "../fixtures/content"
import { expectEvery } from "../offenders"

/**
 * The one form of the public pages, as the build wrote it: on /call-back/ only,
 * a plain POST to the function with the fields of the one declaration
 * (src/lib/call-back-request.ts) and the choices of data/; its script in its
 * page's own chunk; the other pages link to it.
 */
const on = callBacksOn((name) => process.env[name])
const routes = builtRoutes()
const describeOn = on ? describe : describe.skip

describeOn("the call-back request's page, as built", () => {
  it("is the only page with a form, and its form posts to the function without script", () => {
    expectEvery(routes, "pages with a form other than the call-back request's", (route) => {
      const forms = page(route)("form")
      if (route === CALL_BACK_PATH) {
        const form = forms.first()
        return forms.length === 1 && form.attr("method") === "post" && form.attr("action") === CALL_BACK_ENDPOINT
          ? undefined
          : `${forms.length} forms; the first posts ${form.attr("method")} to ${form.attr("action")}`
      }
      return forms.length ? `${forms.length} forms` : undefined
    })
  })

  it("names exactly the fields the declaration names, with the towns and appliances of data/", () => {
    const $ = page(CALL_BACK_PATH)
    const names = [
      ...new Set(
        $("form [name]")
          .map((_, el) => $(el).attr("name"))
          .get(),
      ),
    ]
    expect(names.sort()).toEqual([...FORM_FIELDS].sort())
    const options = (name: string) =>
      $(`select[name="${name}"] option`)
        .map((_, el) => $(el).attr("value") ?? $(el).text())
        .get()
        .filter(Boolean)
    expect(options("town")).toEqual([
      ...readCities()
        .map(({ name }) => name)
        .sort((a, b) => a.localeCompare(b)),
      ANOTHER_TOWN,
    ])
    expect(options("appliance")).toEqual(readServices().map(({ name }) => name))
  })

  it("keeps the form's script in its own page's chunk: no other page loads it", () => {
    // The chunks of this build, by the component that loads them (Gatsby's chunk map; public/ may hold older builds').
    const chunkMap = JSON.parse(fs.readFileSync(path.join(PUBLIC_DIR, "chunk-map.json"), "utf8")) as Record<
      string,
      string[]
    >
    const holders = Object.entries(chunkMap).flatMap(([component, files]) =>
      files
        .filter((file) => fs.readFileSync(path.join(PUBLIC_DIR, file), "utf8").includes(CALL_BACK_ENDPOINT))
        .map((file) => ({ component, file })),
    )
    expect(holders.length).toBeGreaterThan(0)
    expectEvery(
      holders,
      "scripts holding the form's code outside its page's chunk",
      ({ component }) =>
        component === "component---src-templates-call-back-page-tsx" ? undefined : "loaded by another page",
      ({ component, file }) => `${file} (${component})`,
    )
  })

  it("is linked from the town and service pages' call sections and the home page", () => {
    const linking = routes.filter((route) => /^\/(services|service-area)\/[^/]+\/$/.test(route) || route === "/")
    expectEvery(linking, "pages without a link to the call-back request", (route) =>
      page(route)(`main a[href="${CALL_BACK_PATH}"]`).length ? undefined : "no link",
    )
  })
})
