import fs from "fs"
import { builtRoutes, htmlFileFor, page } from "./built-site"
import { DEFERRED_SCRIPTS_ID, DEFERRED_SCRIPTS_LOADER } from "../../src/lib/deferred-scripts"
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

  it("keeps the favicon in the head", () => {
    expect(page("/")("head link[rel='icon']").attr("href")).toContain("favicon-32x32.png")
  })
})
