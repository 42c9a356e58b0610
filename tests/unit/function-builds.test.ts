/**
 * @jest-environment node
 */
import { execFile } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { pathToFileURL } from "url"
import { promisify } from "util"

/**
 * scripts/function-builds.mjs: a function's build kept for the next server built from the same
 * files. Each scenario runs in a Node process of its own, in a project written to a temporary
 * folder: a function file importing a module of the project, an included file, and a stand-in for
 * zip-it-and-ship-it's zipFunction that writes a build of those files into a target folder and
 * counts its builds, so a build kept shows as a count that does not go on.
 */
const FUNCTION_BUILDS = pathToFileURL(path.resolve(__dirname, "../../scripts/function-builds.mjs")).href
/** Where zip-it-and-ship-it's module would be, in the project's folder: the build names its version. */
const ZISI = "zisi/dist/main.js"

/** What a scenario's step saw: a build's number and the files of the folder its result names. */
type Step = { build: number; files: Record<string, string> } | { error: string }

async function run(scenario: string, includedFiles = ["included.json"]): Promise<Step[]> {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), "function-builds-"))
  try {
    fs.mkdirSync(path.join(project, "netlify/functions"), { recursive: true })
    fs.writeFileSync(path.join(project, "package.json"), `{ "type": "module" }`)
    fs.writeFileSync(path.join(project, "netlify/functions/f.mts"), `export { answer as default } from "../../lib.mts"`)
    fs.writeFileSync(path.join(project, "lib.mts"), `export const answer = "one"`)
    fs.writeFileSync(path.join(project, "included.json"), `{ "n": 1 }`)
    fs.mkdirSync(path.join(project, "zisi/dist"), { recursive: true })
    fs.writeFileSync(
      path.join(project, "zisi/package.json"),
      `{ "name": "@netlify/zip-it-and-ship-it", "version": "1.0.0" }`,
    )
    const driver = `
      import fs from "node:fs"
      import path from "node:path"
      import { cachedZipFunction } from ${JSON.stringify(FUNCTION_BUILDS)}
      const project = ${JSON.stringify(project)}
      const inputs = [project + "/netlify/functions/f.mts", project + "/lib.mts"]
      const included = ${JSON.stringify(includedFiles)}.map((file) => project + "/" + file)
      let builds = 0
      // zipFunction as zip-it-and-ship-it's: a folder named after the function, its files, a result naming them.
      const zipFunction = async (entryPath, targetDirectory) => {
        builds += 1
        const folder = path.join(targetDirectory, "f")
        fs.mkdirSync(path.join(folder, "netlify/functions"), { recursive: true })
        for (const file of [...inputs, ...included.filter((file) => fs.existsSync(file))])
          fs.copyFileSync(file, path.join(folder, path.relative(project, file)))
        fs.writeFileSync(path.join(folder, "build.txt"), "build " + builds)
        return { name: "f", path: folder, inputs, includedFiles: included, mainFile: entryPath }
      }
      const options = {
        archiveFormat: "none",
        basePath: project,
        config: { f: { includedFiles: ${JSON.stringify(includedFiles)} } },
      }
      let servers = 0
      /** A server's start: its own build folder, the function built into it; what its result's folder holds. */
      const start = async () => {
        servers += 1
        const target = path.join(project, ".netlify/functions-serve-" + servers)
        try {
          const result = await cachedZipFunction(zipFunction, zisi, project + "/netlify/functions/f.mts", target, options)
          if (!result.path.startsWith(target + "/")) return { error: "a folder outside the server's: " + result.path }
          const files = {}
          const list = (under) => {
            for (const entry of fs.readdirSync(path.join(result.path, under), { withFileTypes: true })) {
              const file = path.join(under, entry.name)
              if (entry.isDirectory()) list(file)
              else files[file] = fs.readFileSync(path.join(result.path, file), "utf8")
            }
          }
          list("")
          return { build: builds, files }
        } catch (error) {
          return { error: String(error) }
        }
      }
      const write = (file, source) => fs.writeFileSync(path.join(project, file), source)
      const remove = (file) => fs.rmSync(path.join(project, file), { recursive: true, force: true })
      const cache = process.env.FUNCTION_BUILDS_CACHE
      const zisi = "file://" + project + "/${ZISI}"
      const steps = await (async () => { ${scenario} })()
      console.log(JSON.stringify(steps))
    `
    fs.writeFileSync(path.join(project, "driver.mjs"), driver)
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(project, "driver.mjs")], {
      env: { ...process.env, FUNCTION_BUILDS_CACHE: path.join(project, "cache") },
    })
    return JSON.parse(stdout.trim().split("\n").at(-1) ?? "[]") as Step[]
  } finally {
    fs.rmSync(project, { recursive: true, force: true })
  }
}

/** The files of the stand-in's build number `build` with `answer` in lib.mts and `n` in included.json. */
const built = (build: number, answer = "one", n = 1) => ({
  build,
  files: {
    "build.txt": `build ${build}`,
    "included.json": `{ "n": ${n} }`,
    "lib.mts": `export const answer = "${answer}"`,
    "netlify/functions/f.mts": `export { answer as default } from "../../lib.mts"`,
  },
})

describe("a function's build kept for the next server (scripts/function-builds.mjs)", () => {
  it("gives a server started on the same files the first server's build, in its own folder, whole after the servers before removed theirs", async () => {
    const steps = await run(`
      const first = await start()
      const second = await start()
      // Each server removes its build folder when it stops.
      remove(".netlify/functions-serve-1")
      remove(".netlify/functions-serve-2")
      return [first, second, await start()]
    `)
    expect(steps).toEqual([built(1), built(1), built(1)])
  })

  it("builds again once a module the function imports has changed, and keeps that build", async () => {
    const steps = await run(`
      const first = await start()
      write("lib.mts", 'export const answer = "two"')
      return [first, await start(), await start()]
    `)
    expect(steps).toEqual([built(1), built(2, "two"), built(2, "two")])
  })

  it("builds again once an included file has changed, or the project's package.json", async () => {
    const steps = await run(`
      const first = await start()
      write("included.json", '{ "n": 2 }')
      const second = await start()
      write("package.json", '{ "type": "commonjs" }')
      return [first, second, await start()]
    `)
    expect(steps).toEqual([built(1), built(2, "one", 2), built(3, "one", 2)])
  })

  it("builds every time when included_files has a pattern, which a file added later could match", async () => {
    const steps = await run(`return [await start(), await start()]`, ["*.json"])
    expect(steps.map((step) => ("build" in step ? step.build : step))).toEqual([1, 2])
  })

  it("builds again when a file of the kept build is missing, rather than give a build without it", async () => {
    const steps = await run(`
      const first = await start()
      const [slot] = fs.readdirSync(cache)
      remove("cache/" + slot + "/folder/lib.mts")
      return [first, await start(), await start()]
    `)
    expect(steps).toEqual([built(1), built(2), built(2)])
  })

  it("removes the kept builds of function files that no longer exist when it keeps another", async () => {
    const steps = await run(`
      await start()
      const before = fs.readdirSync(cache).length
      fs.renameSync(project + "/netlify/functions/f.mts", project + "/netlify/functions/g.mts")
      const kept = await cachedZipFunction(async (entryPath, target) => {
        fs.mkdirSync(target + "/g", { recursive: true })
        fs.writeFileSync(target + "/g/g.mts", "")
        return { name: "g", path: target + "/g", inputs: [entryPath], includedFiles: [] }
      }, zisi, project + "/netlify/functions/g.mts", project + "/.netlify/g", options)
      const slots = fs.readdirSync(cache).map((slot) => JSON.parse(fs.readFileSync(cache + "/" + slot + "/build.json", "utf8")).entryPath)
      return [{ before, after: slots.map((file) => path.relative(project, file)), kept: path.relative(project, kept.path) }]
    `)
    expect(steps).toEqual([{ before: 1, after: ["netlify/functions/g.mts"], kept: ".netlify/g/g" }])
  })
})

describe("the functions' builds through zip-it-and-ship-it's public API (scripts/function-builds.mjs)", () => {
  it("build each function of netlify/functions into the server's own folder, with the routes of its config and netlify.toml's included files", async () => {
    const project = fs.mkdtempSync(path.join(os.tmpdir(), "function-builds-zisi-"))
    try {
      fs.mkdirSync(path.join(project, "netlify/functions"), { recursive: true })
      fs.writeFileSync(path.join(project, "package.json"), `{ "name": "project" }`)
      fs.writeFileSync(path.join(project, "netlify.toml"), `[functions."hello"]\n  included_files = ["site.json"]\n`)
      fs.writeFileSync(path.join(project, "site.json"), `{}`)
      fs.writeFileSync(
        path.join(project, "netlify/functions/hello.mts"),
        `export default async () => new Response("hello")\nexport const config = { path: "/api/hello", method: "POST" }\n`,
      )
      const driver = `
        import fs from "node:fs"
        import { buildFunctions } from ${JSON.stringify(FUNCTION_BUILDS)}
        const buildDir = ${JSON.stringify(path.join(project, ".netlify/functions-serve-1"))}
        const [hello, ...others] = await buildFunctions(${JSON.stringify(project)}, buildDir)
        const folder = hello.buildPath.slice(0, hello.buildPath.lastIndexOf("/"))
        console.log(JSON.stringify({
          others: others.length,
          name: hello.name,
          routes: hello.routes.map(({ pattern, methods }) => ({ pattern, methods })),
          version: hello.runtimeAPIVersion,
          inOwnFolder: hello.buildPath.startsWith(buildDir + "/") && fs.existsSync(hello.buildPath),
          included: fs.existsSync(folder + "/site.json"),
        }))
      `
      fs.writeFileSync(path.join(project, "driver.mjs"), driver)
      const { stdout } = await promisify(execFile)(process.execPath, [path.join(project, "driver.mjs")], {
        env: { ...process.env, FUNCTION_BUILDS_CACHE: path.join(project, "cache") },
      })
      expect(JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}")).toEqual({
        others: 0,
        name: "hello",
        routes: [{ pattern: "/api/hello", methods: ["POST"] }],
        version: 2,
        inOwnFolder: true,
        included: true,
      })
    } finally {
      fs.rmSync(project, { recursive: true, force: true })
    }
  })
})
