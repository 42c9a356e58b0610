/**
 * A local Netlify build plugin (netlify.toml, [[plugins]]): when a production
 * build fails, the owner's page for today must say so, with the file and field
 * the build refused, instead of waiting for a change that will not come. The
 * build writes what it refused in data/ to CONTENT_PROBLEMS_FILE
 * (internal/gatsby/on-pre-bootstrap.ts); on error this plugin keeps it, with the
 * commit and the time, in the Blobs store BUILD_FAILURES_STORE under
 * LAST_FAILURE_KEY (internal/today/build-failures.ts: the names must match, a
 * unit test checks); the next production build that succeeds removes it. Deploy
 * previews and branch deploys (a draft's) record nothing: the live site is
 * production's. Netlify gives a plugin the site's id and an API token
 * (`constants`), which is how a build reaches the site's Blobs.
 */
const fs = require("node:fs")
const path = require("node:path")

const CONTENT_PROBLEMS_FILE = ".content-problems.json"
const BUILD_FAILURES_STORE = "build-failures"
const LAST_FAILURE_KEY = "production"

/** The lines the build refused in data/, or none (the build failed for another reason). */
function contentProblems(root) {
  try {
    const { problems } = JSON.parse(fs.readFileSync(path.join(root, CONTENT_PROBLEMS_FILE), "utf8"))
    return Array.isArray(problems) ? problems.filter((line) => typeof line === "string") : []
  } catch {
    return []
  }
}

/**
 * The store: through the Blobs context Netlify's build sets (NETLIFY_BLOBS_CONTEXT), else with the
 * site's id and the build's API token.
 */
async function store(constants) {
  const { getStore } = await import("@netlify/blobs")
  const site = process.env.NETLIFY_BLOBS_CONTEXT
    ? {}
    : { siteID: constants.SITE_ID, token: constants.NETLIFY_API_TOKEN }
  return getStore({ name: BUILD_FAILURES_STORE, ...site })
}

const isProduction = () => process.env.CONTEXT === "production"

// Netlify accepts only event handlers as the plugin's exports.
module.exports = {
  async onError({ constants }) {
    if (!isProduction()) return
    const failure = {
      at: new Date().toISOString(),
      commit: process.env.COMMIT_REF || null,
      problems: contentProblems(process.cwd()),
    }
    try {
      await (await store(constants)).setJSON(LAST_FAILURE_KEY, failure)
      console.log(
        `build-failures: the failed build is kept for the page for today (${failure.problems.length} content problems)`,
      )
    } catch (error) {
      console.error(`build-failures: not kept (${error instanceof Error ? error.message : error})`)
    }
  },

  async onSuccess({ constants }) {
    if (!isProduction()) return
    try {
      await (await store(constants)).delete(LAST_FAILURE_KEY)
    } catch (error) {
      console.error(`build-failures: the last failure not removed (${error instanceof Error ? error.message : error})`)
    }
  },
}
