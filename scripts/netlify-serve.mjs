#!/usr/bin/env node
/**
 * Serves the build and its Netlify Functions on localhost the way Netlify
 * does, through Netlify's own local emulation (@netlify/dev's NetlifyDev, what
 * `netlify dev` runs): the files of public/, the headers of public/_headers and
 * netlify.toml, the redirects, each function of netlify/functions at its
 * `config.path`, and Netlify Blobs in a local folder. No Netlify account, no
 * network: geolocation, edge functions, images, the database and the AI
 * gateway are off, and no API token is read.
 *   node scripts/netlify-serve.mjs [--port 9000] [--project .] [--blobs DIR] [--build-each-call]
 * `--port 0` takes a free port. Prints {"port":N,"url":"http://localhost:N"} on
 * one line once listening, then a line for people; stops on SIGTERM or SIGINT.
 *
 * Ours, around NetlifyDev:
 * - public/404.html, status 404, for what nothing answers (with the headers of
 *   the path asked for), as Netlify does;
 * - `URL` is set to http://localhost:PORT unless given (the functions read it);
 *   the functions run in worker threads of this process and see its
 *   environment (process.env), as it is when each call starts;
 * - the Blobs live in .netlify/blobs-serve/ of the project (NetlifyDev's own
 *   place), or in `--blobs DIR`, served by @netlify/blobs' own local server;
 * - each function is built once, when the server starts, and again when one of
 *   its source files changes (NetlifyDev's own file watcher), as Netlify builds
 *   it once per deploy. NetlifyDev itself builds a function anew for each call
 *   (half a second or more), into a folder of that call which it removes once it
 *   has answered, while each call runs the latest build: calls at once could run
 *   a build another call had just removed (a 500 naming a missing file under
 *   .netlify/functions-serve/; a few in a hundred of bursts of 50).
 *   `--build-each-call` keeps NetlifyDev's own behaviour, to measure it;
 * - a function built from the same files as a server before it built it from is
 *   that build, copied (scripts/function-builds.mjs; not with `--build-each-call`);
 * - each call runs on a warm instance of its function, as on Netlify, instead of a
 *   worker thread started for that one call (about a quarter of a second of
 *   processor time a call): scripts/warm-functions.mjs (not with `--build-each-call`);
 * - each server builds into a folder of its own, .netlify/functions-serve-XXXXXX/
 *   (removed when it stops), not NetlifyDev's one .netlify/functions-serve/ of the
 *   project: servers started at once (the test stages run side by side) rewrote
 *   each other's builds while calls were running them, and those calls answered
 *   500 (the owner's sign-in in the browser failed so while the emulation's
 *   tests started theirs);
 * - on SIGTERM or SIGINT the server and NetlifyDev are stopped and the process
 *   exits: after NetlifyDev's stop() its file watcher and the functions'
 *   worker ports may still hold the process open.
 */
import fs from "node:fs"
import http from "node:http"
import path from "node:path"
import { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { fileURLToPath } from "node:url"
import { parseArgs } from "node:util"
import { BlobsServer } from "@netlify/blobs/server"
import { HeadersHandler } from "@netlify/headers"
import { cacheFunctionBuilds } from "./function-builds.mjs"
import { keepFunctionsWarm } from "./warm-functions.mjs"

const { values: options } = parseArgs({
  options: {
    port: { type: "string", default: "9000" },
    project: { type: "string", default: process.cwd() },
    blobs: { type: "string" },
    "build-each-call": { type: "boolean", default: false },
  },
})
const port = Number(options.port)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port ${options.port} is not a port number`)
  process.exit(2)
}
const project = path.resolve(options.project)
const publicDir = path.join(project, "public")
const logger = {
  log: (...parts) => console.error(...parts),
  warn: (...parts) => console.error(...parts),
  error: (...parts) => console.error(...parts),
}

let blobsServer
/** With `--blobs`: where its store is, for whoever reads it beside the functions (tests/netlify-dev.ts). */
let blobs
if (options.blobs) {
  const directory = path.resolve(options.blobs)
  fs.mkdirSync(directory, { recursive: true })
  const token = crypto.randomUUID()
  blobsServer = new BlobsServer({ directory, token, logger: () => {} })
  const { port: blobsPort } = await blobsServer.start()
  const url = `http://localhost:${blobsPort}`
  // What NetlifyDev's runtime sets for its own server (@netlify/runtime), on this folder.
  const context = { deployID: "0", edgeURL: url, primaryRegion: "us-east-2", siteID: "0", token, uncachedEdgeURL: url }
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify(context)).toString("base64")
  blobs = { edgeURL: url, siteID: context.siteID, token }
}

/** Where this server's functions are built (not with `--build-each-call`): its own folder. */
let buildDir
if (!options["build-each-call"]) {
  // Each function's build kept for the next server built from the same files (scripts/function-builds.mjs):
  // before @netlify/dev, and through it functions-dev, is imported.
  cacheFunctionBuilds()
  // The functions' handler NetlifyDev itself imports: package.json pins the version @netlify/dev pins,
  // so that npm keeps one copy; a copy of its own under @netlify/dev would be another class.
  const nested = path.join(path.dirname(fileURLToPath(import.meta.resolve("@netlify/dev"))), "..", "node_modules")
  if (fs.existsSync(path.join(nested, "@netlify", "functions-dev"))) {
    throw new Error("@netlify/dev has its own @netlify/functions-dev: give package.json the version it pins")
  }
  const { FunctionsHandler } = await import("@netlify/functions-dev")
  if (typeof FunctionsHandler?.prototype?.invoke !== "function") {
    throw new Error("@netlify/functions-dev has no FunctionsHandler.prototype.invoke: see scripts/netlify-serve.mjs")
  }
  // The registry's class is not exported: a handler over no folder of functions (it scans
  // nothing) shows it. Every build of a function, at the start and after a change, goes
  // through its buildFunctionAndWatchFiles, into the registry's destPath.
  const registry = new FunctionsHandler({ config: { get: () => ({}) }, projectRoot: project, settings: {} }).registry
  const Registry = Object.getPrototypeOf(registry ?? {})
  if (typeof Registry.buildFunctionAndWatchFiles !== "function") {
    throw new Error(
      "@netlify/functions-dev's registry has no buildFunctionAndWatchFiles: see scripts/netlify-serve.mjs",
    )
  }
  fs.mkdirSync(path.join(project, ".netlify"), { recursive: true })
  buildDir = fs.mkdtempSync(path.join(project, ".netlify", "functions-serve-"))
  const buildFunction = Registry.buildFunctionAndWatchFiles
  Registry.buildFunctionAndWatchFiles = function buildInOwnFolder(func, firstLoad) {
    this.destPath = buildDir
    return buildFunction.call(this, func, firstLoad)
  }
  // Each call on a warm instance of its function (scripts/warm-functions.mjs), not a worker of its own.
  const functionsWorker = new URL("worker.js", import.meta.resolve("@netlify/functions-dev"))
  if (!fs.existsSync(fileURLToPath(functionsWorker))) {
    throw new Error("@netlify/functions-dev has no dist/worker.js for its calls: see scripts/warm-functions.mjs")
  }
  keepFunctionsWarm(functionsWorker)
  // A call runs the function's latest build (from the start, or from the last change of its source)
  // instead of building it into a folder of its own: NetlifyDev's function passes that folder to
  // the function's invoke, which builds when given one and otherwise waits for the latest build.
  const invoke = FunctionsHandler.prototype.invoke
  const kept = new WeakSet()
  FunctionsHandler.prototype.invoke = function invokeLatestBuild(request, route, func, buildDirectory) {
    if (!kept.has(func)) {
      kept.add(func)
      const invokeFunction = func.invoke
      func.invoke = (call) => invokeFunction.call(func, { ...call, buildDirectory: undefined })
    }
    return invoke.call(this, request, route, func, buildDirectory)
  }
}

const { NetlifyDev } = await import("@netlify/dev")
const netlify = new NetlifyDev({
  projectRoot: project,
  apiToken: "",
  logger,
  serverAddress: null,
  skipGitignore: true,
  aiGateway: { enabled: false },
  blobs: { enabled: !blobsServer },
  database: { enabled: false },
  edgeFunctions: { enabled: false },
  geolocation: { enabled: false },
  images: { enabled: false },
})
await netlify.start()

const headerRules = new HeadersHandler({
  configPath: fs.existsSync(path.join(project, "netlify.toml")) ? path.join(project, "netlify.toml") : undefined,
  projectDir: project,
  publishDir: "public",
  logger,
})

/** The request's body, read whole (the functions' requests are small). */
async function bodyOf(request) {
  if (request.method === "GET" || request.method === "HEAD") return null
  const chunks = []
  for await (const chunk of request) chunks.push(chunk)
  return Buffer.concat(chunks)
}

/** A fetch Request as NetlifyDev's own reading of a Node request makes it. */
async function webRequest(request) {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.startsWith(":")) continue
    headers.set(name, Array.isArray(value) ? value.join(",") : value)
  }
  return new Request(new URL(request.url, `http://${request.headers.host ?? "localhost"}`), {
    method: request.method,
    headers,
    body: await bodyOf(request),
  })
}

async function notFound(request) {
  const response = new Response(fs.readFileSync(path.join(publicDir, "404.html")), {
    status: 404,
    headers: { "Content-Type": "text/html; charset=utf-8" },
  })
  await headerRules.apply(new Request(new URL(request.url, "http://localhost")), response)
  return response
}

async function send(request, reply) {
  const result = await netlify.handleAndIntrospect(await webRequest(request))
  const response = result?.response ?? (await notFound(request))
  const headers = {}
  for (const [name, value] of response.headers) if (name !== "set-cookie") headers[name] = value
  const cookies = response.headers.getSetCookie()
  if (cookies.length) headers["set-cookie"] = cookies
  reply.writeHead(response.status, headers)
  if (!response.body || request.method === "HEAD") {
    await response.body?.cancel()
    reply.end()
    return
  }
  await pipeline(Readable.fromWeb(response.body), reply)
}

const server = http.createServer((request, reply) => {
  send(request, reply).catch((error) => {
    console.error(`netlify-serve: ${request.method} ${request.url}: ${error?.stack ?? error}`)
    if (!reply.headersSent) reply.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" })
    reply.end()
  })
})
await new Promise((resolve, reject) => {
  server.once("error", reject)
  server.listen(port, "localhost", resolve)
})
const listening = server.address().port
const url = `http://localhost:${listening}`
process.env.URL ||= url
console.log(JSON.stringify({ port: listening, url, blobs }))
console.log(`Serving ${path.relative(process.cwd(), publicDir) || publicDir} and netlify/functions at ${url}`)

let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  await netlify.stop()
  await blobsServer?.stop()
  if (buildDir) fs.rmSync(buildDir, { recursive: true, force: true })
  process.exit(0)
}
process.once("SIGTERM", stop)
process.once("SIGINT", stop)
