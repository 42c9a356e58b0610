import fs from "fs"
import path from "path"
import type { GatsbyNode } from "gatsby"
import { CONTENT_FILES, type ContentFileName } from "../content/schema"
import { ContentError, assertValidContent } from "../content/validate"

/** gatsby-node is compiled into .cache/, so paths start from the project root Gatsby runs in. */
export const DATA_DIR = path.resolve(process.cwd(), "data")

/** Reads every data file; a file that can't be read or parsed becomes an Error for the report. */
export function readContentFiles(dataDir: string): Partial<Record<ContentFileName, unknown>> {
  const files: Partial<Record<ContentFileName, unknown>> = {}
  for (const file of Object.keys(CONTENT_FILES) as ContentFileName[]) {
    const fullPath = path.join(dataDir, file)
    if (!fs.existsSync(fullPath)) continue
    try {
      files[file] = JSON.parse(fs.readFileSync(fullPath, "utf8"))
    } catch (error) {
      files[file] = new Error(`is not valid JSON: ${(error as Error).message}`)
    }
  }
  return files
}

export function validateDataDir(dataDir: string): void {
  assertValidContent(readContentFiles(dataDir), {
    fileExists: (relative) => fs.existsSync(path.resolve(dataDir, relative)),
  })
}

/** Runs before anything is sourced, so no page is ever created from bad content. */
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }) => {
  try {
    validateDataDir(DATA_DIR)
  } catch (error) {
    if (error instanceof ContentError) reporter.panic(error.message)
    throw error
  }
}
