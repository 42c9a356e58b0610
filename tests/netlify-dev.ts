import { spawn } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import readline from "readline"
import { getStore, type Store } from "@netlify/blobs"

const ROOT = path.resolve(__dirname, "..")
const SCRIPT = path.join(ROOT, "scripts/netlify-serve.mjs")

/** What scripts/netlify-serve.mjs prints once listening (`blobs` with `--blobs`: the store's address and token). */
interface Listening {
  port: number
  url: string
  blobs?: { edgeURL: string; siteID: string; token: string }
}

export interface NetlifyDevServer {
  /** http://localhost:PORT, which is also the functions' `URL`. */
  origin: string
  /** A Netlify Blobs store the functions write to, read by the test (strongly consistent). */
  store: (name: string) => Store
  stop: () => Promise<void>
}

/**
 * The build and its functions as Netlify serves them, through Netlify's own local
 * emulation (scripts/netlify-serve.mjs) in a process of its own, on a free port
 * and an empty Blobs folder of its own (removed by `stop()`). `env` is merged
 * into the server's environment, which the functions see; `project` is the
 * project's root (public/, netlify/functions/, netlify.toml), this one by default.
 */
export async function startNetlifyDev(
  options: { env?: Record<string, string>; project?: string } = {},
): Promise<NetlifyDevServer> {
  const project = path.resolve(options.project ?? ROOT)
  const blobsDir = fs.mkdtempSync(path.join(os.tmpdir(), "netlify-dev-blobs-"))
  const child = spawn(process.execPath, [SCRIPT, "--port", "0", "--project", project, "--blobs", blobsDir], {
    cwd: project,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  const errors: string[] = []
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => errors.push(chunk))
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM")
    await exited
    fs.rmSync(blobsDir, { recursive: true, force: true })
  }
  const lines = readline.createInterface({ input: child.stdout })
  let listening: Listening
  try {
    listening = await new Promise<Listening>((resolve, reject) => {
      child.once("error", reject)
      child.once("exit", (code) =>
        reject(new Error(`scripts/netlify-serve.mjs stopped (${code}) before it listened:\n${errors.join("")}`)),
      )
      lines.on("line", (line) => {
        if (line.startsWith("{")) resolve(JSON.parse(line) as Listening)
      })
    })
  } catch (error) {
    await stop()
    throw error
  }
  // The functions' log goes on to the test's output only when asked for.
  lines.on("line", (line) => process.env.NETLIFY_DEV_LOG && console.log(line))
  const { blobs } = listening
  if (!blobs) throw new Error("scripts/netlify-serve.mjs printed no Blobs address")
  const store = (name: string) => getStore({ ...blobs, name, consistency: "strong", uncachedEdgeURL: blobs.edgeURL })
  return { origin: listening.url, store, stop }
}

/**
 * Starts the emulation before the test file's tests and stops it after them
 * (as tests/stand-in-server.ts does for its servers). `origin()` and `store()`
 * are usable once started.
 */
export function netlifyDev(options: { env?: Record<string, string>; project?: string } = {}): {
  origin: () => string
  store: (name: string) => Store
} {
  let server: NetlifyDevServer | undefined
  const started = () => {
    if (!server) throw new Error("the Netlify emulation has not started (use it inside a test)")
    return server
  }
  beforeAll(async () => {
    server = await startNetlifyDev(options)
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
  })
  return { origin: () => started().origin, store: (name) => started().store(name) }
}
