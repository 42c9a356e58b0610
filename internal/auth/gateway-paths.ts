/**
 * What the gateway relays to GitHub: only the parts of one repository's API that
 * Decap's editorial workflow uses (the paths Netlify's own git-gateway allows:
 * git data, contents, pulls, branches, merges, statuses, compare, commits and
 * issue labels), each with only the methods Decap sends. The path is relative
 * to /repos/{owner}/{name}/ and can never leave it: a segment that is, or
 * decodes to, "." or "..", a backslash, a control character or a double encoding is refused.
 */

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"

/** [methods, pattern over the path after /repos/{owner}/{name}/]. */
const ROUTES: [readonly Method[], RegExp][] = [
  [["GET"], /^git\/blobs\/[0-9a-f]{40}$/],
  [["POST"], /^git\/blobs$/],
  [["GET"], /^git\/trees\/[^/].*$/],
  [["POST"], /^git\/trees$/],
  [["GET"], /^git\/commits\/[0-9a-f]{40}$/],
  [["POST"], /^git\/commits$/],
  [["GET"], /^git\/(refs|matching-refs)\/heads\/.+$/],
  [["POST"], /^git\/refs$/],
  [["PATCH", "DELETE"], /^git\/refs\/heads\/.+$/],
  [["GET"], /^contents\/.+$/],
  [["GET"], /^branches(\/.+)?$/],
  [["GET"], /^commits(\/[0-9a-f]{40}(\/status)?)?$/],
  [["GET"], /^statuses\/[0-9a-f]{40}$/],
  [["GET"], /^compare\/[^/].*\.\.\..+$/],
  [["GET", "POST"], /^pulls$/],
  [["GET", "PATCH"], /^pulls\/\d+$/],
  [["PUT"], /^pulls\/\d+\/merge$/],
  [["POST"], /^merges$/],
  [["POST", "PUT"], /^issues\/\d+\/labels$/],
  [["DELETE"], /^issues\/\d+\/labels\/[^/]+$/],
]

const hasControl = (text: string): boolean => [...text].some((char) => char.charCodeAt(0) < 0x20 || char === "\x7f")

export type GatewayVerdict = "relay" | "method-not-allowed" | "not-allowed"

/** Whether `method` on `path` (after /repos/{owner}/{name}/, still percent-encoded) may be relayed. */
export function gatewayVerdict(method: string, path: string): GatewayVerdict {
  if (!path || path.length > 2048 || /\\/.test(path) || hasControl(path)) return "not-allowed"
  for (const segment of path.split("/")) {
    let decoded: string
    try {
      decoded = decodeURIComponent(segment)
    } catch {
      return "not-allowed"
    }
    // An empty segment, "." or ".." (also encoded, also inside an encoded "/"), a backslash, a control
    // character or a "%" left after decoding (a double encoding) could reach another path upstream.
    if (!decoded || /[\\%]/.test(decoded) || hasControl(decoded)) return "not-allowed"
    if (decoded.split("/").some((part) => part === "." || part === "..")) return "not-allowed"
  }
  const matching = ROUTES.filter(([, pattern]) => pattern.test(path))
  if (!matching.length) return "not-allowed"
  return matching.some(([methods]) => methods.includes(method as Method)) ? "relay" : "method-not-allowed"
}

/** The methods allowed on a path, for a 405's Allow header. */
export const allowedMethods = (path: string): string[] => [
  ...new Set(ROUTES.filter(([, pattern]) => pattern.test(path)).flatMap(([methods]) => methods)),
]

/**
 * Decap publishes a draft GitHub cannot merge (the live branch changed the same lines since the
 * draft was saved) by "force merge": a commit of the draft's files over the live branch, with this
 * message (decap-cms-backend-github's forceMergePR). It would undo every later change to those
 * files, a change from the page for today among them; the gateway refuses it, and the draft stays.
 */
const DECAP_FORCE_MERGE = /^Automatically generated\. Merged on Decap CMS/

export const isDecapForceMerge = (commit: { message?: unknown }): boolean =>
  typeof commit.message === "string" && DECAP_FORCE_MERGE.test(commit.message)

/** What the owner reads in Decap ("Failed to publish: …") when the gateway refuses a force merge. */
export const FORCE_MERGE_REFUSED =
  "this draft would undo a newer change to the same file on the live site (made from the page for today, or by another draft published since). " +
  "Nothing was published and the draft is kept: delete it in the Workflow tab and make the change again on the content as it is now."
