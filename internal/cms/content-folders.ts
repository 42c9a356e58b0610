import path from "path"
import type { ContentType } from "../content/model"
import { recordJsonSchema, type FieldSchema } from "../content/json-schema"

/**
 * What an editor may write in the repository: the folders the content model
 * declares, read from the model alone. The editor's configuration
 * (internal/cms/editor-config.ts) takes its media folder from here, and the
 * gateway (netlify/functions/git-gateway.mts) relays a move of a branch only
 * when every file it changes is content by this list: JSON under data/, and
 * raster images in the folders the model's file fields upload to. Nothing
 * else (the code, the build's configuration, the functions, the editor's own
 * page) is an editor's to change.
 */

/** The content's own folder, from the repository's root. */
export const DATA_FOLDER = "data"

/** Where uploads go when no field of the model names a folder (as data files write it: from data/). */
const DEFAULT_MEDIA_FOLDER = "../static/uploads"

/** What an editor may upload: raster images only. An SVG or HTML file can carry script; these cannot. */
export const RASTER_IMAGE_EXTENSIONS = [".png", ".jpg", ".jpeg", ".webp", ".avif"] as const

/** A path relative to data/ (as data files write it) as a path from the repository's root. */
export const fromRepoRoot = (pathFromData: string): string =>
  path.posix.normalize(path.posix.join(DATA_FOLDER, pathFromData))

/** Every file reference field's folder, as data files write it (relative to data/), in the model's order. */
function fileFolders(types: readonly ContentType[]): string[] {
  const folders = new Set<string>()
  const walk = (schema: FieldSchema) => {
    if (schema.fileReference && schema.fileFolder) folders.add(schema.fileFolder)
    Object.values(schema.properties ?? {}).forEach(walk)
    if (schema.items) walk(schema.items)
  }
  types.forEach((type) => walk(recordJsonSchema(type)))
  return Array.from(folders)
}

/** The folders uploads go to, as data files write them; the first is the editor's media library. */
export function mediaFolders(types: readonly ContentType[]): string[] {
  const folders = fileFolders(types)
  return folders.length ? folders : [DEFAULT_MEDIA_FOLDER]
}

export interface ContentFolder {
  /** From the repository's root, without a trailing slash. */
  folder: string
  /** The endings a file there may have, lower case. */
  extensions: readonly string[]
  /** What the folder holds, in the words a refusal uses. */
  holds: string
}

/** Every folder an editor may write to and what each may hold. */
export function contentFolders(types: readonly ContentType[]): ContentFolder[] {
  return [
    { folder: DATA_FOLDER, extensions: [".json"], holds: "JSON files" },
    ...mediaFolders(types).map((folder) => ({
      folder: fromRepoRoot(folder),
      extensions: RASTER_IMAGE_EXTENSIONS,
      holds: "PNG, JPEG, WebP or AVIF images",
    })),
  ]
}

/** Git's mode of a regular, non-executable file: the only kind of file an editor may write. */
export const REGULAR_FILE_MODE = "100644"

const KINDS: Record<string, string> = {
  "100755": "an executable file",
  "120000": "a symbolic link",
  "160000": "a submodule",
  "040000": "a folder",
}

/**
 * Why a file in a commit is not content, in words ("netlify.toml is outside the content folders"),
 * or undefined when it is content: a regular file (mode 100644, unless `mode` is undefined, for a
 * file that is removed) under a content folder, with an ending that folder may hold. The path is
 * git's, from the repository's root: a path with an empty, "." or ".." segment is never content.
 */
export function notContent(folders: readonly ContentFolder[], file: string, mode?: string): string | undefined {
  const segments = file.split("/")
  if (segments.some((segment) => !segment || segment === "." || segment === "..")) return `${file} is not a plain path`
  const folder = folders.find(({ folder: root }) => file.startsWith(`${root}/`))
  if (!folder) return `${file} is outside the content folders`
  const name = segments[segments.length - 1].toLowerCase()
  if (!folder.extensions.some((extension) => name.endsWith(extension) && name.length > extension.length)) {
    return `${file}: ${folder.folder}/ holds ${folder.holds} only`
  }
  if (mode !== undefined && mode !== REGULAR_FILE_MODE) return `${file} is ${KINDS[mode] ?? `of mode ${mode}`}`
  return undefined
}
