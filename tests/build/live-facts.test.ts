import fs from "fs"
import path from "path"
import { TODAY_FILES } from "../../src/lib/today-edits"
import { PUBLIC_DIR } from "./built-site"
import { TODAY_SCRIPT } from "../../internal/today/page-bundle"

// The day's facts as this build shows them (/admin/today/live.json), what the owner's page for
// today reads from the live site: they are the content's of data/, as the build read it.

const ROOT = path.resolve(PUBLIC_DIR, "..")
const data = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), "utf8"))
const built = () => JSON.parse(fs.readFileSync(path.join(PUBLIC_DIR, "admin/today/live.json"), "utf8"))

describe("the day's facts as built (/admin/today/live.json)", () => {
  it("hold the business's time zone, weekly hours and special hours as data/business.json has them", () => {
    const business = data(TODAY_FILES.business)
    expect(built().schedule).toEqual({
      timeZone: business.timeZone,
      hours: business.hours.map(({ days, opens, closes }: Record<string, unknown>) => ({ days, opens, closes })),
      specialHours: business.specialHours ?? [],
    })
  })

  it("hold the notice and every coupon's title and last day as data/ has them", () => {
    const { show, text, starts, ends } = data(TODAY_FILES.notice)
    // A day left empty in the editor ("") is no day.
    expect(built().notice).toEqual({ show, text, ...(starts ? { starts } : {}), ...(ends ? { ends } : {}) })
    const coupons = data(TODAY_FILES.coupons)
    for (const list of ["homeCoupons", "offers"] as const) {
      expect([list, built().coupons[list]]).toEqual([
        list,
        coupons[list].map(({ title, expires }: Record<string, string>) => (expires ? { title, expires } : { title })),
      ])
    }
  })

  it("say when the build was made, which commit it built when Netlify names one, and the branch the page commits to", () => {
    const { builtAt, commit, branch } = built()
    expect(new Date(builtAt).toISOString()).toBe(builtAt)
    expect(Date.parse(builtAt)).toBeLessThanOrEqual(Date.now())
    expect(commit).toBe(process.env.COMMIT_REF || null)
    expect(branch).toBe(process.env.CMS_BRANCH?.trim() || "main")
  })
})

describe("the owner's page for today (/admin/today/)", () => {
  it("loads the script the build made for it, one small module of its own", () => {
    const html = fs.readFileSync(path.join(PUBLIC_DIR, "admin/today/index.html"), "utf8")
    const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map(([, src]) => src)
    expect(scripts).toEqual([TODAY_SCRIPT])
    const script = fs.readFileSync(path.join(PUBLIC_DIR, TODAY_SCRIPT), "utf8")
    // Built from src/today/ by esbuild: it calls the site's own gateway, and is not one of Gatsby's chunks.
    expect(script).toContain("/api/git/github/")
    expect(script).not.toContain("webpackChunk")
  })
})
