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
 * scripts/warm-functions.mjs, as scripts/netlify-serve.mjs uses it: each call is `call(the build's
 * file, { clientContext, event, timeoutMs })`, answered with the function's result or an error. The
 * calls run in a Node process of their own, on functions written into a temporary folder: each
 * answers with its module's count of calls, so a warm instance shows as a count that goes on.
 */
const WARM_FUNCTIONS = path.resolve(__dirname, "../../scripts/warm-functions.mjs")

/** What one step of a scenario did: a call's answer or error, or the instances started so far. */
type Step = { body: string } | { error: string } | { started: number }

/**
 * Runs `scenario` (the body of an async function with `call(file)`, `calls(file, n)`, `started()`,
 * `write(file, source)` and `pause(ms)`, whose results it returns) in a new Node process.
 */
async function run(scenario: string, files: Record<string, string>): Promise<Step[]> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "warm-functions-"))
  try {
    for (const [name, source] of Object.entries(files)) fs.writeFileSync(path.join(folder, name), source)
    const driver = `
      import fs from "node:fs"
      import { Worker } from "node:worker_threads"
      const NodeWorker = Worker
      const { functionInstances } = await import(${JSON.stringify(pathToFileURL(WARM_FUNCTIONS).href)})
      const warm = functionInstances()
      const folder = ${JSON.stringify(folder)}
      const url = (file) => new URL(file, "file://" + folder + "/").href
      const call = (file) =>
        warm.call(url(file), { clientContext: "{}", event: { httpMethod: "GET" }, timeoutMs: 5000 }).then(
          (result) => ({ body: result.body }),
          (error) => ({ error: String(error?.message ?? error?.errorMessage ?? error) }),
        )
      const calls = (file, n) => Promise.all(Array.from({ length: n }, () => call(file)))
      const started = () => ({ started: warm.started() })
      const write = (file, source) => fs.writeFileSync(folder + "/" + file, source)
      const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
      const steps = await (async () => { ${scenario} })()
      console.log(JSON.stringify(steps.flat()))
      process.exit(0)
    `
    fs.writeFileSync(path.join(folder, "driver.mjs"), driver)
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(folder, "driver.mjs")], {
      env: { ...process.env, WARM_TEST: "first" },
    })
    return JSON.parse(stdout.trim().split("\n").at(-1) ?? "[]") as Step[]
  } finally {
    fs.rmSync(folder, { recursive: true, force: true })
  }
}

/** A function answering "{label} {n}", n its module's count of calls, after `delay` ms. */
const counting = (label: string, delay = 0) => `
  let count = 0
  export const handler = async () => {
    count += 1
    const n = count
    await new Promise((resolve) => setTimeout(resolve, ${delay}))
    return { statusCode: 200, body: "${label} " + n }
  }
`

describe("the emulation's warm function instances (scripts/warm-functions.mjs)", () => {
  it("answer calls one after another from one instance, as a warm instance on Netlify does", async () => {
    const steps = await run(`return [await call("f.mjs"), await call("f.mjs"), await call("f.mjs"), started()]`, {
      "f.mjs": counting("f"),
    })
    expect(steps).toEqual([{ body: "f 1" }, { body: "f 2" }, { body: "f 3" }, { started: 1 }])
  })

  it("give calls at once instances of their own, never two calls to one instance", async () => {
    const steps = await run(`return [await calls("slow.mjs", 4), started()]`, { "slow.mjs": counting("slow", 200) })
    expect(steps).toEqual([...Array.from({ length: 4 }, () => ({ body: "slow 1" })), { started: 4 }])
  })

  it("keep two instances of a build after a burst, and start more when a burst needs them", async () => {
    const steps = await run(
      `const first = await calls("slow.mjs", 4)
       await pause(100)
       return [first, await calls("slow.mjs", 3), started()]`,
      { "slow.mjs": counting("slow", 200) },
    )
    const bodies = steps.slice(4, 7).map((step) => ("body" in step ? step.body : step))
    expect(bodies.sort()).toEqual(["slow 1", "slow 2", "slow 2"])
    expect(steps.at(-1)).toEqual({ started: 5 })
  })

  it("run a function's new build after it is rebuilt, never the old one", async () => {
    const steps = await run(
      `const before = [await call("f.mjs"), await call("f.mjs")]
       write("f.mjs", ${JSON.stringify(counting("rebuilt"))} + "\\n// the new build is longer")
       return [before, await call("f.mjs"), await call("f.mjs"), started()]`,
      { "f.mjs": counting("f") },
    )
    expect(steps).toEqual([
      { body: "f 1" },
      { body: "f 2" },
      { body: "rebuilt 1" },
      { body: "rebuilt 2" },
      { started: 2 },
    ])
  })

  it("finish calls in flight on the build they started with, give calls after the rebuild the new one, and never an old build's instance", async () => {
    // Each call of the first build marks that it is in its handler, then waits for "go".
    const gated = `
      import fs from "node:fs"
      let count = 0
      const here = new URL(".", import.meta.url)
      export const handler = async () => {
        count += 1
        const n = count
        fs.writeFileSync(new URL("in-flight-" + Math.random(), here), "")
        while (!fs.existsSync(new URL("go", here))) await new Promise((resolve) => setTimeout(resolve, 10))
        return { statusCode: 200, body: "f " + n }
      }
    `
    // Three calls are in their handler when the file is rebuilt; a call of the new build answers
    // before they do; once they have answered, two more calls.
    const steps = await run(
      `const racing = calls("f.mjs", 3)
       while (fs.readdirSync(folder).filter((name) => name.startsWith("in-flight-")).length < 3) await pause(10)
       write("f.mjs", ${JSON.stringify(counting("rebuilt"))})
       const during = await call("f.mjs")
       write("go", "")
       return [await racing, during, await call("f.mjs"), await call("f.mjs"), started()]`,
      { "f.mjs": gated },
    )
    expect(steps).toEqual([
      { body: "f 1" },
      { body: "f 1" },
      { body: "f 1" },
      { body: "rebuilt 1" },
      { body: "rebuilt 2" },
      { body: "rebuilt 3" },
      { started: 4 },
    ])
  })

  it("never give another call to an instance whose call failed", async () => {
    const failing = `
      let count = 0
      export const handler = async () => {
        count += 1
        if (count === 2) throw new Error("second call fails")
        return { statusCode: 200, body: "call " + count }
      }
    `
    const steps = await run(`return [await call("f.mjs"), await call("f.mjs"), await call("f.mjs"), started()]`, {
      "f.mjs": failing,
    })
    expect(steps).toEqual([{ body: "call 1" }, { error: "second call fails" }, { body: "call 1" }, { started: 2 }])
  })

  it("show each call the server's environment as it is when the call starts", async () => {
    const reading = `export const handler = async () => ({ statusCode: 200, body: String(process.env.WARM_TEST) })`
    const steps = await run(
      `const first = await call("env.mjs")
       process.env.WARM_TEST = "second"
       const second = await call("env.mjs")
       delete process.env.WARM_TEST
       return [first, second, await call("env.mjs"), started()]`,
      { "env.mjs": reading },
    )
    expect(steps).toEqual([{ body: "first" }, { body: "second" }, { body: "undefined" }, { started: 1 }])
  })

  it("leave Node's Worker as it is: their instances are workers of their own, every other worker Node's", async () => {
    const steps = await run(
      `const before = await call("f.mjs")
       const other = new Worker("process.exit(3)", { eval: true })
       const code = await new Promise((resolve) => other.on("exit", resolve))
       const worker = await import("node:worker_threads")
       return [before, { body: String(code) }, { body: String(worker.Worker === NodeWorker && Worker === NodeWorker) }, started()]`,
      { "f.mjs": counting("f") },
    )
    expect(steps).toEqual([{ body: "f 1" }, { body: "3" }, { body: "true" }, { started: 1 }])
  })
})
