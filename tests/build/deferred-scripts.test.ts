import fs from "fs"
import { builtRoutes, htmlFileFor, page } from "./built-site"
import { DEFERRED_SCRIPTS_ID, DEFERRED_SCRIPTS_LOADER } from "../../src/lib/deferred-scripts"

const routes = [...builtRoutes(), "404.html"]

/** The page's HTML split into what the browser runs while parsing and what waits in the inert template. */
function split(route: string) {
  const html = fs.readFileSync(htmlFileFor(route), "utf8")
  const match = new RegExp(`<template id="${DEFERRED_SCRIPTS_ID}">([\\s\\S]*?)</template>`).exec(html)
  return { held: match?.[1] ?? "", live: match ? html.replace(match[0], "") : html }
}

describe("Gatsby's scripts wait until the page has painted", () => {
  it.each(routes)("%s: no script file and no manifest before the first paint; they wait for the loader", (route) => {
    const { held, live } = split(route)
    // Nothing in the live document fetches a script or the manifest.
    expect(live).not.toMatch(/<script[^>]*\ssrc=/)
    expect(live).not.toMatch(/<link[^>]*\sas="script"/)
    expect(live).not.toMatch(/<link[^>]*rel="manifest"/)
    // The template holds webpack's runtime, the framework and the app, and the manifest link.
    const files = Array.from(held.matchAll(/<script[^>]*\ssrc="([^"]+)"/g), (match) => match[1])
    expect(files.map((file) => file.replace(/-[0-9a-f]+\.js$/, ""))).toEqual(["/webpack-runtime", "/framework", "/app"])
    expect(held).toContain('id="gatsby-chunk-mapping"')
    expect(held).toMatch(/<link[^>]*rel="manifest"[^>]*href="\/manifest.webmanifest"/)
    // The loader follows the template, once.
    expect(live.split(`<script>${DEFERRED_SCRIPTS_LOADER}</script>`)).toHaveLength(2)
  })

  it("keeps the favicon in the head", () => {
    expect(page("/")("head link[rel='icon']").attr("href")).toContain("favicon-32x32.png")
  })
})
