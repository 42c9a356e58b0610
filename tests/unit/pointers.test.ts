/** @jest-environment node */
import fs from "fs"
import path from "path"
import GithubSlugger from "github-slugger"
import { expectNone } from "../offenders"
import {
  commentsOf,
  GENERATED_FOLDERS,
  markdownFiles,
  markdownLines,
  readText,
  repositoryFiles,
  repositoryFolders,
  ROOT,
  type Passage,
} from "../repository-files"

/**
 * No pointer leads nowhere. Every path a code comment or a Markdown file names
 * (`internal/content/model.ts`, `scripts/engines/`, `../offenders.ts`,
 * `docs/deploy.md#the-daily-rebuild`) exists in the repository, its #anchor a
 * heading of that file; and nothing cites what a person who clones the
 * repository does not have: the number of an issue in the tracker, or a file
 * kept outside the repository. Markdown links are checked by remark-validate-links
 * in `npm run lint`; this rule reads the prose around them.
 *
 * What counts as a path: a word starting with one of the repository's own
 * top-level folders and a slash (`tests/…`, `.ci/…`), or with `./` or `../`
 * (from the file's own folder). A placeholder (`{slug}`, `<name>`, `*`, `…`,
 * `${…}`) ends what is checked: `data/cities/{slug}.json` needs `data/cities/`.
 * A path into a folder that a build, a test or an install writes (.gitignore's
 * `public/`, `reports/`, `node_modules/`…) names something made later: not
 * checked. A Markdown document named alone (`CONTRIBUTING.md`) must be a file
 * of the repository, at the root or beside the file that names it: a document
 * kept elsewhere is no help to the next reader.
 */
const FILES = repositoryFiles()
const MARKDOWN = markdownFiles(FILES)
const PASSAGES: Passage[] = [
  ...FILES.filter((file) => !file.endsWith(".md")).flatMap(commentsOf),
  ...MARKDOWN.flatMap(markdownLines),
]
const FOLDERS = repositoryFolders()

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
/** Where a path may not start: inside a word, a URL or another path. */
const NOT_AFTER = String.raw`(?<![\w./@:~$-])`
const PATH_CHARS = String.raw`[^\s\`'"(),;\]|]*`
const PATHS = new RegExp(`${NOT_AFTER}((?:(?:${FOLDERS.map(escape).join("|")})/|\\.{1,2}/)${PATH_CHARS})`, "g")
/** A document named alone, without a folder: `CONTRIBUTING.md`. */
const BARE_DOCUMENTS = new RegExp(`${NOT_AFTER}([\\w-]+\\.md)(?![\\w/-])`, "g")
const PLACEHOLDER = /[{<*…$[]/

interface Named {
  where: string
  path: string
  /** The file whose folder a `./` or `../` path starts from. */
  from: string
}

function namedPaths(): Named[] {
  return PASSAGES.flatMap(({ file, line, text }) =>
    [...text.matchAll(PATHS), ...text.matchAll(BARE_DOCUMENTS)].map((match) => ({
      where: `${file}:${line}`,
      // A sentence's end is not part of the path.
      path: match[1].replace(/[.:!?]+$/, ""),
      from: file,
    })),
  )
}

const headingsOf = new Map<string, Set<string>>()

/** The #anchors of a Markdown file's headings, as GitHub makes them. */
function anchors(file: string): Set<string> {
  let found = headingsOf.get(file)
  if (!found) {
    const slugger = new GithubSlugger()
    found = new Set()
    let fenced = false
    for (const line of readText(file).split("\n")) {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced
      const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
      if (heading) found.add(slugger.slug(heading[1].replace(/`/g, "")))
    }
    headingsOf.set(file, found)
  }
  return found
}

/** What is wrong with a named path, or nothing. */
function problemOf({ path: named, from }: Named): string | undefined {
  const [target, anchor] = named.split("#")
  const literal = PLACEHOLDER.test(target) ? target.slice(0, target.search(PLACEHOLDER)).replace(/[^/]*$/, "") : target
  const relative = /^\.{1,2}\//.test(literal) || !literal.includes("/")
  const candidates = relative
    ? [path.join(path.dirname(from), literal), ...(literal.includes("/") ? [] : [literal])]
    : [literal]
  for (const candidate of candidates.map((one) => path.normalize(one).replace(/\\/g, "/"))) {
    if (candidate.startsWith("..")) return `${named}: outside the repository`
    if (GENERATED_FOLDERS.some((folder) => candidate === folder || candidate.startsWith(`${folder}/`))) return
    const full = path.join(ROOT, candidate)
    if (!fs.existsSync(full)) continue
    if (anchor === undefined || !candidate.endsWith(".md")) return
    return anchors(candidate.replace(/\/$/, "")).has(anchor) ? undefined : `${named}: no heading #${anchor}`
  }
  return named
}

describe("pointers in comments and docs", () => {
  it("every path and document a comment or a doc names is in the repository", () => {
    const named = namedPaths()
    // A rule that saw nothing proves nothing.
    expect(FILES.filter((file) => commentsOf(file).length).length).toBeGreaterThan(0)
    expect(MARKDOWN.length).toBeGreaterThan(0)
    expect(named.length).toBeGreaterThan(0)
    const missing = named.flatMap((one) => {
      const problem = problemOf(one)
      return problem ? [`${one.where} ${problem}`] : []
    })
    expectNone(missing, `comments and docs name paths that do not exist (of ${named.length} named)`)
  })

  it("no comment or doc cites an issue of the tracker by its number", () => {
    expect(PASSAGES.length).toBeGreaterThan(0)
    // The word "issue" and a number, with or without "#": the tracker is not in the repository, so
    // a comment says what the code does and why, in its own words.
    const ISSUE = /\bissues?\s+#?\d+/gi
    const citing = PASSAGES.flatMap(({ file, line, text }) =>
      [...text.matchAll(ISSUE)].map((match) => `${file}:${line} "${match[0]}"`),
    )
    expectNone(citing, "comments and docs cite an issue by its number")
  })
})
