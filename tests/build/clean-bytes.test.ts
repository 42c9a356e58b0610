import fs from "fs"
import path from "path"
import { PUBLIC_DIR } from "./built-site"

/** Every .html file under public/, as a path relative to it. */
function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return htmlFiles(full)
    return entry.name.endsWith(".html") ? [path.relative(PUBLIC_DIR, full)] : []
  })
}

const files = htmlFiles(PUBLIC_DIR)
const REPLACEMENT = Buffer.from("\uFFFD", "utf8")

describe("built HTML bytes", () => {
  it("finds the built pages", () => {
    expect(files.length).toBeGreaterThan(1)
  })

  it("no HTML file contains a NUL byte or a U+FFFD replacement character", () => {
    const damaged = files.flatMap((file) => {
      const bytes = fs.readFileSync(path.join(PUBLIC_DIR, file))
      return [
        ...(bytes.includes(0x00) ? [`${file}: NUL at byte ${bytes.indexOf(0x00)}`] : []),
        ...(bytes.includes(REPLACEMENT) ? [`${file}: U+FFFD at byte ${bytes.indexOf(REPLACEMENT)}`] : []),
      ]
    })
    expect(damaged).toEqual([])
  })
})
