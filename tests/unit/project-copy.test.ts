/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { ROOT, gatsbyBuild } from "../../scripts/project-copy.cjs"

/**
 * scripts/project-copy.cjs builds a copy at the site's own path where the system allows a mount
 * namespace, so that webpack's cache of the site's build holds. A stand-in for Gatsby, given as the
 * build's command, writes, in the folder it runs in, where that was and whether the site's packages
 * were there.
 */
test("a copy's build runs at the site's path with the site's packages, writes into the copy only, and leaves the copy as it was", () => {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "project-copy-"))
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), "project-copy-bin-"))
  const gatsby = path.join(bin, "gatsby")
  const written = `built-${path.basename(copy)}`
  try {
    fs.mkdirSync(path.join(copy, "public"))
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"), "dir")
    fs.writeFileSync(
      gatsby,
      `#!/bin/sh\n[ "$*" = "build --verbose" ] || exit 3\n{ pwd; [ -f node_modules/jest/package.json ] && echo packages; } > public/${written}\n`,
      { mode: 0o755 },
    )
    const { status, at } = gatsbyBuild(copy, {}, [gatsby, "build", "--verbose"])

    expect(status).toBe(0)
    // Where the system allows no mount namespace, the copy is built in its own folder.
    expect([ROOT, copy]).toContain(at)
    expect(fs.readFileSync(path.join(copy, "public", written), "utf8").split("\n")).toEqual([at, "packages", ""])
    expect(fs.existsSync(path.join(ROOT, "public", written))).toBe(false)
    expect(fs.readlinkSync(path.join(copy, "node_modules"))).toBe(path.join(ROOT, "node_modules"))
    expect(fs.readdirSync(copy).sort()).toEqual(["node_modules", "public"])
  } finally {
    fs.rmSync(path.join(ROOT, "public", written), { force: true })
    fs.rmSync(copy, { recursive: true, force: true })
    fs.rmSync(bin, { recursive: true, force: true })
  }
})
