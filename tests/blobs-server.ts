import { spawn, type ChildProcess } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import readline from "readline"
import { getStore, type Store } from "@netlify/blobs"
import { CALL_TAPS_SITE_ENV } from "../internal/call-taps-file"

/** The build's list of pages and repository the function tests use (CALL_TAPS_SITE_FILE's form). */
export const SITE_FIXTURE = path.resolve(__dirname, "fixtures/call-taps/site.json")

/** Starts scripts/blobs-server.mjs on `directory`; resolves with the process and its port once it listens. */
function startServer(directory: string, token: string): Promise<{ child: ChildProcess; port: number }> {
  const script = path.resolve(__dirname, "../scripts/blobs-server.mjs")
  const child = spawn(process.execPath, [script, directory, token], { stdio: ["ignore", "pipe", "inherit"] })
  return new Promise((resolve, reject) => {
    child.once("error", reject)
    child.once("exit", (code) => reject(new Error(`the local blobs server stopped (${code}) before it listened`)))
    readline.createInterface({ input: child.stdout! }).once("line", (line) => {
      resolve({ child, port: (JSON.parse(line) as { port: number }).port })
    })
  })
}

/**
 * @netlify/blobs' own local server (scripts/blobs-server.mjs), on a free loopback port and a fresh folder,
 * standing in for Netlify Blobs: started before the test file's tests, stopped
 * and removed after them. The functions find it as on Netlify, through the
 * NETLIFY_BLOBS_CONTEXT variable; `store(name)` is the same store, read by the
 * test (strongly consistent); `empty(name)` deletes every blob of it.
 * Also points the functions at the fixture's list of pages (CALL_TAPS_SITE_ENV).
 */
export function localBlobs(): { store: (name: string) => Store; empty: (name: string) => Promise<void> } {
  const token = "local-blobs-token"
  const siteID = "local-site"
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "call-taps-blobs-"))
  let child: ChildProcess | undefined
  const saved = { context: process.env.NETLIFY_BLOBS_CONTEXT, site: process.env[CALL_TAPS_SITE_ENV] }
  beforeAll(async () => {
    const started = await startServer(directory, token)
    child = started.child
    const { port } = started
    const url = `http://127.0.0.1:${port}`
    const context = { edgeURL: url, uncachedEdgeURL: url, siteID, token }
    process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify(context)).toString("base64")
    process.env[CALL_TAPS_SITE_ENV] = SITE_FIXTURE
  })
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once("exit", resolve))
      child.kill("SIGTERM")
      await exited
    }
    fs.rmSync(directory, { recursive: true, force: true })
    for (const [name, value] of [
      ["NETLIFY_BLOBS_CONTEXT", saved.context],
      [CALL_TAPS_SITE_ENV, saved.site],
    ] as const) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  })
  const store = (name: string) => getStore({ name, consistency: "strong" })
  const empty = async (name: string) => {
    const { blobs } = await store(name).list()
    await Promise.all(blobs.map(({ key }) => store(name).delete(key)))
  }
  return { store, empty }
}

/** Every key of a store, sorted. */
export async function keysOf(store: Store): Promise<string[]> {
  const { blobs } = await store.list()
  return blobs.map(({ key }) => key).sort()
}
