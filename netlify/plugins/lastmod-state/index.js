/**
 * A local Netlify build plugin (netlify.toml, [[plugins]]): Netlify's builds
 * start from a fresh checkout, so the sitemap's lastmod state, which the
 * build reads and rewrites (internal/gatsby/lastmod-files.ts), is kept in
 * Netlify's build cache between builds.
 *
 *  - Before the build, every context restores it, so a deploy preview's
 *    sitemap and changed URLs are measured against production.
 *  - After a production build it is saved. A deploy preview or branch deploy
 *    saves nothing: its content was never published, and production's next
 *    build must still find its own pages changed, and send them to IndexNow.
 *
 * No state (a first build, a cleared cache) is no error: the build says so
 * and gives every page its day.
 */
const STATE_DIR = ".lastmod"

// Netlify accepts only event handlers as the plugin's exports.
module.exports = {
  async onPreBuild({ utils }) {
    const restored = await utils.cache.restore(STATE_DIR)
    console.log(
      restored
        ? `lastmod-state: restored ${STATE_DIR}/ from the build cache (the last production build's lastmod of each page)`
        : `lastmod-state: no ${STATE_DIR}/ in the build cache: every page will get this build's day`,
    )
  },

  async onPostBuild({ utils }) {
    const context = process.env.CONTEXT
    if (context !== "production") {
      console.log(`lastmod-state: a ${context || "local"} build; ${STATE_DIR}/ not saved, production's stays as it was`)
      return
    }
    const saved = await utils.cache.save(STATE_DIR)
    console.log(
      saved
        ? `lastmod-state: saved ${STATE_DIR}/ to the build cache for the next production build`
        : `lastmod-state: ${STATE_DIR}/ not saved (the build wrote none)`,
    )
  },
}
