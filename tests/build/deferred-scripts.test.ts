import fs from "fs"
import path from "path"
import { PUBLIC_DIR, builtRoutes, htmlFileFor, page } from "./built-site"
import { ADMIN_DIR_NAME } from "../../internal/cms/admin-path"
import { DEFERRED_SCRIPTS_ID, DEFERRED_SCRIPTS_LOADER } from "../../src/lib/deferred-scripts"
import { FIRST_SCREEN_END_ID } from "../../src/lib/first-screen"
import { expectEvery } from "../offenders"

const routes = [...builtRoutes(), "404.html"]

/** The page's HTML split into what the browser runs while parsing and what waits in the inert template. */
function split(route: string) {
  const html = fs.readFileSync(htmlFileFor(route), "utf8")
  const match = new RegExp(`<template id="${DEFERRED_SCRIPTS_ID}">([\\s\\S]*?)</template>`).exec(html)
  return { held: match?.[1] ?? "", live: match ? html.replace(match[0], "") : html }
}

describe("Gatsby's scripts wait until the page has painted", () => {
  it("no page fetches a script file or the manifest before the first paint", () => {
    expectEvery(routes, "pages fetch a script or the manifest before the loader runs", (route) => {
      const { live } = split(route)
      const early = [
        [/<script[^>]*\ssrc=/, "a <script src>"],
        [/<link[^>]*\sas="script"/, "a script preload"],
        [/<link[^>]*rel="manifest"/, "the manifest link"],
      ] as const
      return early.filter(([pattern]) => pattern.test(live)).map(([, what]) => `${what} outside the template`)
    })
  })

  it("every page's inert template holds webpack's runtime, the framework and the app, the chunk map and the manifest link", () => {
    expectEvery(routes, "pages lack Gatsby's scripts or the manifest in the template", (route) => {
      const { held } = split(route)
      const files = Array.from(held.matchAll(/<script[^>]*\ssrc="([^"]+)"/g), (match) => match[1])
      // The chunk map first, from its own file (internal/chunk-map-file.ts), as its inline script ran first.
      expect(files.map((file) => file.replace(/-[0-9a-f]+\.js$/, ""))).toEqual([
        "/chunk-map",
        "/webpack-runtime",
        "/framework",
        "/app",
      ])
      expect(held).toMatch(/<script id="gatsby-chunk-mapping" src="\/chunk-map-[0-9a-f]+\.js">/)
      expect(held).toMatch(/<link[^>]*rel="manifest"[^>]*href="\/manifest.webmanifest"/)
    })
  })

  it("every page runs the loader once, after the template", () => {
    expectEvery(routes, "pages lack the loader or run it more than once", (route) => {
      const { live } = split(route)
      const count = live.split(`<script>${DEFERRED_SCRIPTS_LOADER}</script>`).length - 1
      return count === 1 ? undefined : `the loader appears ${count} times`
    })
  })

  it("every page holds its first paint until its first screen, heading included, is parsed, and no longer: the expect link points at the element that closes it, after the h1 and before the rest of <main> (or after the footer where <main> is all first screen)", () => {
    expectEvery(routes, "pages hold their first paint for the wrong element", (route) => {
      const $ = page(route)
      const hrefs = $("head link[rel='expect'][blocking='render']")
        .map((_, link) => $(link).attr("href"))
        .get()
      if (hrefs.join() !== `#${FIRST_SCREEN_END_ID}`)
        return `the head's render-blocking expect links: ${hrefs.join(", ") || "none"}`
      const ends = $(`#${FIRST_SCREEN_END_ID}`)
      if (ends.length !== 1) return `${ends.length} elements #${FIRST_SCREEN_END_ID}`
      // In <main> before the rest of the page, or, where <main> holds only the first screen, right after the footer.
      const inMain = ends.parent("main").length === 1 && ends.next().length > 0
      if (!inMain && ends.prev("footer").length !== 1)
        return `#${FIRST_SCREEN_END_ID} is neither before the rest of <main> nor right after the footer`
      const before = ends.prevAll()
      const headings = before.filter("h1").length + before.find("h1").length
      return headings === 1 ? undefined : `${headings} h1 in the first screen`
    })
  })

  it("the owner's pages, which have no first screen of the public layout, hold no paint for one", () => {
    const adminPages = fs
      .readdirSync(path.join(PUBLIC_DIR, ADMIN_DIR_NAME), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith("index.html"))
      .map((file) => path.join(ADMIN_DIR_NAME, file))
    expect(adminPages.length).toBeGreaterThan(1)
    expectEvery(adminPages, "of the owner's pages wait for an element they lack", (file) =>
      /<link[^>]*rel="expect"/.test(fs.readFileSync(path.join(PUBLIC_DIR, file), "utf8"))
        ? "an expect link"
        : undefined,
    )
  })

  it("keeps the favicon in the head", () => {
    expect(page("/")("head link[rel='icon']").attr("href")).toContain("favicon-32x32.png")
  })
})
