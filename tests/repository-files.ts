import { spawnSync } from "child_process"
import fs from "fs"
import path from "path"
import ts from "typescript"

/**
 * The repository's own files as the rules about pointers, environment variables and the
 * harness's packages read them: what git lists as tracked or not ignored
 * (`git ls-files -co --exclude-standard`), so .gitignore is read by git itself. Read from the
 * working tree, so a rule sees a file as soon as it is written, committed or not. The rules that
 * use it run in the unit stage, on the checkout; the project's copies (scripts/project-copy.cjs,
 * without .git) run the build-output, other-region and browser projects, which do not.
 */
export const ROOT = path.resolve(__dirname, "..")

/**
 * The folders a build, a test run or an install writes (.gitignore's top-level names, node_modules,
 * public…): a path into one of them names something that exists only once made.
 */
export const GENERATED_FOLDERS: readonly string[] = fs
  .readFileSync(path.join(ROOT, ".gitignore"), "utf8")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => /^[^#!*/][^*/]*\/?$/.test(line) && line.endsWith("/"))
  .map((line) => line.replace(/\/$/, ""))

let listed: string[] | undefined

/** Every file of the repository, as paths from the root with "/" between folders, sorted. */
export function repositoryFiles(): string[] {
  if (!listed) {
    const git = spawnSync("git", ["ls-files", "-z", "-co", "--exclude-standard"], {
      cwd: ROOT,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    })
    if (git.status !== 0) throw new Error(`git ls-files failed in ${ROOT}: ${git.error?.message ?? git.stderr}`)
    // A tracked file deleted in the working tree is listed until the deletion is committed.
    listed = git.stdout
      .split("\0")
      .filter((file) => file && fs.existsSync(path.join(ROOT, file)))
      .sort()
    if (!listed.length) throw new Error(`git ls-files listed no file in ${ROOT}`)
  }
  return [...listed]
}

/** The folders at the root that the repository holds (src, internal, tests…). */
export const repositoryFolders = (): string[] => [
  ...new Set(
    repositoryFiles()
      .filter((file) => file.includes("/"))
      .map((file) => file.split("/")[0]),
  ),
]

const SCRIPT_EXTENSIONS = /\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$/
const HASH_COMMENTS = /\.(sh|py|toml|ya?ml|graphql)$/

/** A file of code in JavaScript or TypeScript. */
export const isScript = (file: string): boolean => SCRIPT_EXTENSIONS.test(file)

/** A shell script: `.sh`, or a file without an extension that starts with a shell's `#!`. */
export function isShellScript(file: string): boolean {
  if (file.endsWith(".sh")) return true
  if (path.basename(file).includes(".")) return false
  return /^#!.*\b(ba|da|z)?sh\b/.test(readText(file).split("\n", 1)[0])
}

const texts = new Map<string, string>()

/** A file's text, read once. */
export function readText(file: string): string {
  let text = texts.get(file)
  if (text === undefined) {
    text = fs.readFileSync(path.join(ROOT, file), "utf8")
    texts.set(file, text)
  }
  return text
}

const sources = new Map<string, ts.SourceFile>()

/** A JavaScript or TypeScript file parsed by TypeScript (with its parents set), once. */
export function sourceFile(file: string): ts.SourceFile {
  let source = sources.get(file)
  if (!source) {
    const kind = /\.(tsx|jsx)$/.test(file)
      ? ts.ScriptKind.TSX
      : /\.(ts|mts|cts)$/.test(file)
        ? ts.ScriptKind.TS
        : ts.ScriptKind.JS
    source = ts.createSourceFile(file, readText(file), ts.ScriptTarget.Latest, true, kind)
    sources.set(file, source)
  }
  return source
}

/** One passage of prose in a file: a comment of code, or a Markdown file's text. */
export interface Passage {
  file: string
  /** The line (from 1) where the passage starts. */
  line: number
  text: string
}

const lineAt = (text: string, offset: number): number => text.slice(0, offset).split("\n").length

/** The comments of a JavaScript or TypeScript file, each the leading trivia of a token. */
function scriptComments(file: string): Passage[] {
  const source = sourceFile(file)
  const text = source.getFullText()
  const seen = new Set<number>()
  const comments: Passage[] = []
  const visit = (node: ts.Node) => {
    for (const range of ts.getLeadingCommentRanges(text, node.pos) ?? []) {
      if (seen.has(range.pos)) continue
      seen.add(range.pos)
      comments.push({ file, line: lineAt(text, range.pos), text: text.slice(range.pos, range.end) })
    }
    for (const child of node.getChildren(source)) visit(child)
  }
  visit(source)
  return comments.sort((a, b) => a.line - b.line)
}

/** `#` comments (shell, Python, TOML, YAML, GraphQL): from a `#` at a line's start or after a space; not `#!`. */
function hashComments(file: string): Passage[] {
  return readText(file)
    .split("\n")
    .flatMap((content, index) => {
      const match = /(?:^|\s)#(?!!)(.*)$/.exec(content)
      return match ? [{ file, line: index + 1, text: match[1] }] : []
    })
}

/** Comments delimited by `open` and `close` (HTML's, CSS's). */
function delimitedComments(file: string, open: string, close: string): Passage[] {
  const text = readText(file)
  const comments: Passage[] = []
  for (let start = text.indexOf(open); start !== -1; start = text.indexOf(open, start + open.length)) {
    const end = text.indexOf(close, start + open.length)
    comments.push({ file, line: lineAt(text, start), text: text.slice(start, end === -1 ? undefined : end) })
  }
  return comments
}

/** The comments of a file of code or configuration, or none for a kind of file that has none. */
export function commentsOf(file: string): Passage[] {
  if (isScript(file)) return scriptComments(file)
  if (HASH_COMMENTS.test(file) || isShellScript(file)) return hashComments(file)
  if (file.endsWith(".html")) return delimitedComments(file, "<!--", "-->")
  if (file.endsWith(".css")) return delimitedComments(file, "/*", "*/")
  return []
}

/** Every line of a Markdown file, as prose (its code blocks included: a command names real paths too). */
export const markdownLines = (file: string): Passage[] =>
  readText(file)
    .split("\n")
    .map((text, index) => ({ file, line: index + 1, text }))

/** The Markdown files of the repository. */
export const markdownFiles = (files: readonly string[]): string[] => files.filter((file) => file.endsWith(".md"))
