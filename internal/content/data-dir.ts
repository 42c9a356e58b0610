import fs from "fs"
import path from "path"
import { assertValidContent, type ContentFiles } from "./validate"

/** gatsby-node is compiled into .cache/, so paths start from the project root Gatsby runs in. */
export const DATA_DIR = path.resolve(process.cwd(), "data")

/** Every JSON file under a folder, as paths relative to it with "/" separators (dot files skipped). */
function jsonFiles(dir: string, prefix = ""): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith("."))
    .flatMap((entry) => {
      const relative = `${prefix}${entry.name}`
      if (entry.isDirectory()) return jsonFiles(path.join(dir, entry.name), `${relative}/`)
      return entry.name.endsWith(".json") ? [relative] : []
    })
    .sort()
}

/** Reads every data file; a file that can't be read or parsed becomes an Error for the report. */
export function readContentFiles(dataDir: string): Map<string, unknown> {
  const files = new Map<string, unknown>()
  for (const relative of jsonFiles(dataDir)) {
    try {
      files.set(relative, JSON.parse(fs.readFileSync(path.join(dataDir, relative), "utf8")))
    } catch (error) {
      files.set(relative, new Error(`is not valid JSON: ${(error as Error).message}`))
    }
  }
  return files
}

export function validateDataDir(dataDir: string): ContentFiles {
  const files = readContentFiles(dataDir)
  assertValidContent(files, {
    fileExists: (relative) => fs.existsSync(path.resolve(dataDir, relative)),
  })
  return files
}
