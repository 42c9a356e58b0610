import { spawn, spawnSync, type ChildProcess } from "child_process"
import fs from "fs"
import http from "http"
import net from "net"
import path from "path"
import { expect, type ConsoleMessage, type Page } from "@playwright/test"
import { ROOT, copyProject } from "../../scripts/project-copy.cjs"
import { cspViolations, watchCspViolations } from "./served-policy"

export { ROOT }

const git = (cwd: string, ...args: string[]) => {
  const result = spawnSync("git", args, { cwd, encoding: "utf8" })
  if (result.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${result.stderr}`)
  return result.stdout.trim()
}

/**
 * A copy of the project, as a Git repository on branch main: what the editor
 * edits (through decap-server) and what is built afterwards. The real data/ is
 * never touched. In `target` when given (scripts/edited-copy-check.mjs names it
 * by EDITED_COPY_DIR, runs the build-output suite there afterwards and removes
 * it), else in a new temporary folder.
 */
export function projectCopy(target?: string): string {
  const work = copyProject("editor-e2e-", target)
  git(work, "init", "--quiet", "--initial-branch=main")
  fs.appendFileSync(path.join(work, ".git", "info", "exclude"), "node_modules\n")
  git(work, "config", "user.name", "Site Owner")
  git(work, "config", "user.email", "owner@example.test")
  git(work, "config", "commit.gpgsign", "false")
  git(work, "add", "--all")
  git(work, "commit", "--quiet", "--message", "The site as it is")
  return work
}

/**
 * A file as committed on a branch of the copy, or undefined when it is not there.
 * Read from Git, not the working tree: decap-server checks a draft's branch out
 * for a moment each time Decap reads the draft.
 */
export function committedFile(work: string, file: string, branch = "main"): string | undefined {
  const result = spawnSync("git", ["show", `${branch}:${file}`], { cwd: work, encoding: "utf8" })
  return result.status === 0 ? result.stdout : undefined
}

/** The branches of a copy (main, and cms/… for each unpublished draft). */
export const branches = (work: string): string[] =>
  git(work, "branch", "--format=%(refname:short)").split("\n").filter(Boolean)

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (await check().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${what} did not start within ${timeoutMs / 1000}s`)
}

const started = new Set<ChildProcess>()
// Should a test end without its afterAll (an interrupted run), its servers still stop with the worker.
process.once("exit", () => started.forEach((child) => child.kill()))

function start(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): ChildProcess {
  const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: "pipe" })
  started.add(child)
  child.once("exit", () => started.delete(child))
  child.stdout?.resume()
  child.stderr?.on("data", (chunk) => process.stderr.write(chunk))
  return child
}

/**
 * Passes requests to `target` one at a time, in the order they came. decap-server takes a lock for
 * each request and answers 500 "Unknown error" to one that waited for it more than 3 s (its own
 * fixed limit), which Decap's requests sent together reach on a busy machine: one at a time, none waits.
 */
async function oneAtATime(target: string): Promise<{ url: string; server: http.Server }> {
  const to = new URL(target)
  let queue: Promise<void> = Promise.resolve()
  const server = http.createServer((request, response) => {
    const body: Buffer[] = []
    request.on("data", (chunk: Buffer) => body.push(chunk))
    request.on("end", () => {
      queue = queue.then(
        () =>
          new Promise<void>((done) => {
            const forward = http.request(
              { host: to.hostname, port: to.port, path: request.url, method: request.method, headers: request.headers },
              (answer) => {
                // Read to its end before the next request goes, whether or not the browser still waits for it.
                const chunks: Buffer[] = []
                answer.on("data", (chunk: Buffer) => chunks.push(chunk))
                answer.on("end", () => {
                  done()
                  if (!response.destroyed)
                    response.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(chunks))
                })
                answer.on("error", () => done())
              },
            )
            forward.on("error", (error) => {
              done()
              if (!response.destroyed) response.writeHead(502).end(String(error))
            })
            forward.end(Buffer.concat(body))
          }),
      )
    })
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve))
  return { url: `http://127.0.0.1:${port}${to.pathname}`, server }
}

/**
 * decap-server in Git mode (drafts are cms/… branches, publishing merges into main) on a copy,
 * behind a relay that hands it one request at a time; its errors are printed with the test's.
 */
export async function startDecapServer(work: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort()
  const direct = `http://127.0.0.1:${port}/api/v1`
  const child = start(process.execPath, [path.join(ROOT, "node_modules/decap-server/dist/index.js")], {
    cwd: work,
    env: { PORT: String(port), BIND_HOST: "127.0.0.1", MODE: "git", GIT_REPO_DIRECTORY: work, LOG_LEVEL: "warn" },
  })
  // Its logger writes errors to standard output ("Error handling {…}: Request timed out").
  child.stdout?.on("data", (chunk) => process.stderr.write(chunk))
  await waitFor(async () => {
    const response = await fetch(direct, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"action":"info"}',
    })
    return response.ok
  }, "decap-server")
  const relay = await oneAtATime(direct)
  child.once("exit", () => relay.server.close())
  return { url: relay.url, process: child }
}

/** scripts/serve-public.mjs of a project (its public/ and its header rules), optionally in local editing mode. */
export async function startSite(
  project: string,
  localBackend?: string,
): Promise<{ origin: string; process: ChildProcess }> {
  const port = await freePort()
  const args = [path.join(project, "scripts/serve-public.mjs"), "--port", String(port)]
  if (localBackend) args.push("--local-backend", localBackend)
  const child = start(process.execPath, args, { cwd: project })
  const origin = `http://127.0.0.1:${port}`
  await waitFor(async () => (await fetch(`${origin}/`)).ok, "the site server")
  return { origin, process: child }
}

export function stop(child: ChildProcess | undefined): void {
  if (child && child.exitCode === null) child.kill()
}

/**
 * Watches the editor's page: console errors and warnings, page errors, CSP
 * violations. One kind of console error is expected and excused, one for one:
 * the browser reports a 404 each time Decap asks the backend for an unpublished
 * draft of an entry that has none (that is how Decap learns there is none; the
 * GitHub backend does the same). And when Decap refuses to save an entry with
 * an invalid field, it shows its messages and then rejects a promise with no
 * reason that nothing catches ("Uncaught (in promise) undefined", decap-cms-core's
 * persistEntry): a test that makes the owner's save fail says so with refusedSave().
 */
export function watchEditor(page: Page, backendUrl?: string) {
  const messages: string[] = []
  const backend404s: string[] = []
  let draftProbes = 0
  page.on("response", (response) => {
    if (!backendUrl || response.url() !== backendUrl || response.status() !== 404) return
    const action = (JSON.parse(response.request().postData() ?? "{}") as { action?: string }).action
    if (action === "unpublishedEntry") draftProbes += 1
  })
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() !== "error" && message.type() !== "warning") return
    const line = `${message.type()}: ${message.text()}`
    const isBackend404 =
      message.type() === "error" &&
      message.location().url === backendUrl &&
      /Failed to load resource: the server responded with a status of 404/.test(message.text())
    ;(isBackend404 ? backend404s : messages).push(line)
  })
  const bareRejections: string[] = []
  let refusedSaves = 0
  page.on("pageerror", (error) => {
    const bare = error === undefined || (error.message ?? "undefined") === "undefined"
    ;(bare ? bareRejections : messages).push(`pageerror: ${error?.message}`)
  })
  // Publishing asks "Are you sure you want to publish this entry?"; the owner answers yes.
  page.on("dialog", (dialog) => void dialog.accept())
  return {
    /** Every console error or warning and page error, but the 404s of draft probes. */
    problems: () => [...messages, ...backend404s.slice(draftProbes), ...bareRejections.slice(refusedSaves)],
    /** The owner's save was refused on purpose: Decap's one bare rejection that follows is expected. */
    refusedSave: () => {
      refusedSaves += 1
    },
    install: () => watchCspViolations(page),
    cspViolations: () => cspViolations(page),
  }
}

/** The editorial workflow's first step: Save makes a draft (a branch and a pull request). */
export async function saveDraft(page: Page, timeout = 30_000): Promise<void> {
  // The notice of an earlier save (Decap shows each for 4 s) must not stand for this one's.
  await expect(page.getByText("Entry saved")).toHaveCount(0, { timeout })
  await page.getByRole("button", { name: "Save", exact: true }).click()
  await expect(page.getByText("Entry saved")).toBeVisible({ timeout })
}

/** Then the draft is marked ready and published, as in production. */
export async function publish(page: Page, timeout = 30_000): Promise<void> {
  await page.getByRole("button", { name: /^Status: / }).click()
  await page.getByRole("menuitem", { name: "Ready", exact: true }).click()
  // Marking it ready moves its label on GitHub: a round trip of its own, as slow as the backend.
  await expect(page.getByRole("button", { name: "Status: Ready" })).toBeVisible({ timeout })
  await expect(page.getByText("Entry published")).toHaveCount(0, { timeout })
  await page.getByRole("button", { name: "Publish", exact: true }).click()
  await page.getByRole("menuitem", { name: "Publish now" }).click()
  await expect(page.getByText("Entry published")).toBeVisible({ timeout })
}
