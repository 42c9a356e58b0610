import fs from "fs"
import path from "path"
import sharp from "sharp"

/**
 * The page for today installs as an app of its own ("Add to Home Screen" in Safari and Chrome):
 * its manifest (static/admin/today/manifest.webmanifest) names these icons, and its <head> the
 * apple-touch-icon Safari reads instead. Made at each build from the site's icon
 * (src/images/icon.png), as gatsby-plugin-manifest makes the pages' favicon and icons from it.
 */

/** The site's icon, the source of every icon it ships. */
export const ICON_SOURCE = "src/images/icon.png"
/** The page's folder in the build, where its manifest lies. */
export const TODAY_DIR = "admin/today"

/** Each icon's size (px, square) and file, beside the manifest. */
export const TODAY_ICONS = {
  /** Safari's home screen (iPhone at 3x): <link rel="apple-touch-icon">. */
  appleTouch: { size: 180, file: "apple-touch-icon.png" },
  /** The manifest's: Chrome asks for 192 px on the home screen and 512 px for the splash screen. */
  small: { size: 192, file: "icon-192.png" },
  large: { size: 512, file: "icon-512.png" },
} as const

/** Writes the page's icons under `publicDir`, from the site's icon under `root`; returns their paths. */
export async function writeTodayIcons(root: string, publicDir: string): Promise<string[]> {
  const source = fs.readFileSync(path.join(root, ICON_SOURCE))
  const folder = path.join(publicDir, TODAY_DIR)
  fs.mkdirSync(folder, { recursive: true })
  return Promise.all(
    Object.values(TODAY_ICONS).map(async ({ size, file }) => {
      const out = path.join(folder, file)
      await sharp(source).resize(size, size).png({ compressionLevel: 9, palette: true }).toFile(out)
      return out
    }),
  )
}
