/** @jest-environment node */
import fs from "fs"
import path from "path"
import { parse } from "smol-toml"
import { LASTMOD_STATE_FILE } from "../../internal/gatsby/lastmod-files"

interface BuildUtils {
  cache: { restore: jest.Mock<Promise<boolean>, [string]>; save: jest.Mock<Promise<boolean>, [string]> }
}
interface BuildPlugin {
  onPreBuild: (options: { utils: BuildUtils }) => Promise<void>
  onPostBuild: (options: { utils: BuildUtils }) => Promise<void>
}

const PLUGIN_DIR = "netlify/plugins/lastmod-state"
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a Netlify build plugin is a CommonJS module
const plugin = require(`../../${PLUGIN_DIR}/index.js`) as BuildPlugin
const STATE_DIR = path.dirname(LASTMOD_STATE_FILE)

const utils = (found: boolean): BuildUtils => ({
  cache: { restore: jest.fn(async (_dir: string) => found), save: jest.fn(async (_dir: string) => found) },
})

let log: jest.SpyInstance
beforeEach(() => {
  log = jest.spyOn(console, "log").mockImplementation()
})
afterEach(() => {
  delete process.env.CONTEXT
  log.mockRestore()
})

describe("the lastmod-state build plugin", () => {
  it("is declared in netlify.toml by its folder, which has a manifest", () => {
    const config = parse(fs.readFileSync(path.resolve(__dirname, "../../netlify.toml"), "utf8")) as {
      plugins?: Array<{ package: string }>
    }
    expect(config.plugins).toContainEqual({ package: `./${PLUGIN_DIR}` })
    expect(fs.readFileSync(path.resolve(__dirname, "../..", PLUGIN_DIR, "manifest.yml"), "utf8")).toMatch(
      /^name: lastmod-state$/m,
    )
  })

  it.each([true, false])(
    "restores the build's state folder before every build (found: %s), and says what it found",
    async (found) => {
      const given = utils(found)
      process.env.CONTEXT = "deploy-preview"
      await plugin.onPreBuild({ utils: given })
      expect(given.cache.restore).toHaveBeenCalledWith(STATE_DIR)
      expect(log).toHaveBeenCalledWith(expect.stringContaining(found ? "restored" : "no .lastmod/ in the build cache"))
    },
  )

  it("saves it after a production build", async () => {
    const given = utils(true)
    process.env.CONTEXT = "production"
    await plugin.onPostBuild({ utils: given })
    expect(given.cache.save).toHaveBeenCalledWith(STATE_DIR)
  })

  it.each(["deploy-preview", "branch-deploy"])("never saves it after a %s build", async (context) => {
    const given = utils(true)
    process.env.CONTEXT = context
    await plugin.onPostBuild({ utils: given })
    expect(given.cache.save).not.toHaveBeenCalled()
    expect(log).toHaveBeenCalledWith(expect.stringContaining("not saved"))
  })

  it("exports only Netlify's event handlers", () => {
    expect(Object.keys(plugin).sort()).toEqual(["onPostBuild", "onPreBuild"])
  })
})
