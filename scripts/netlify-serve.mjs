#!/usr/bin/env node
/**
 * Serves the build and its Netlify Functions on localhost the way Netlify
 * does, through Netlify's own public packages: @netlify/dev's NetlifyDev (what
 * `netlify dev` runs) for the files of public/, the headers of public/_headers
 * and netlify.toml and the redirects; zip-it-and-ship-it (what Netlify packs
 * the functions with) for the functions' builds, each called at its
 * `config.path`; @netlify/blobs' own local server for Netlify Blobs. No Netlify
 * account, no network: geolocation, edge functions, images, the database and
 * the AI gateway are off, and no API token is read.
 *   node scripts/netlify-serve.mjs [--port 9000] [--project .] [--blobs DIR]
 * `--port 0` takes a free port. Prints {"port":N,"url":"http://localhost:N","blobs":{…}}
 * on one line once listening, then a line for people; stops on SIGTERM or SIGINT.
 *
 * The functions are not NetlifyDev's (`functions: { enabled: false }`), for two
 * behaviours of @netlify/dev 5.1.3 (with @netlify/functions-dev 2.0.8), reported
 * upstream:
 * - it builds a function anew for each call, into a folder of that call which it
 *   removes once the call has answered, while calls at once share one build (the
 *   first call's, in the first call's folder): a call could run a build another
 *   call had just removed, and answer 500 naming a missing file under
 *   .netlify/functions-serve/ (a few in a hundred of bursts of 50);
 * - every server of a project builds into the one .netlify/functions-serve/, so
 *   servers started at once (the test stages run side by side) removed each
 *   other's builds while calls ran them (500s again).
 * So each server builds every function once, when it starts, as Netlify builds
 * it once per deploy, into a folder of its own, .netlify/functions-serve-XXXXXX/
 * (removed when it stops), through zip-it-and-ship-it's public API
 * (scripts/function-builds.mjs; a build of the same files as a server before it
 * is that build, linked); a change to a function's source needs a restart. Each
 * call runs on a warm instance of its function, as on Netlify, in a worker
 * thread of ours (scripts/warm-functions.mjs), with lambda-local as
 * functions-dev's own worker runs it. A function is found as functions-dev
 * finds it: its routes from its build (the path in lower case, a trailing slash
 * dropped, the methods it names, its excluded paths), then before public/
 * unless its config prefers static files; a function without routes answers at
 * /.netlify/functions/NAME.
 *
 * Ours too:
 * - public/404.html, status 404, for what nothing answers (with the headers of
 *   the path asked for), as Netlify does;
 * - `URL` is set to http://localhost:PORT unless given (the functions read it);
 *   the functions see this process's environment as it is when each call starts;
 * - the Blobs live in .netlify/blobs-serve/ of the project (NetlifyDev's own
 *   place), or in `--blobs DIR`.
 */
import fs from "node:fs"
import http from "node:http"
import path from "node:path"
import { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { pathToFileURL } from "node:url"
import { parseArgs } from "node:util"
import { BlobsServer } from "@netlify/blobs/server"
import { NetlifyDev } from "@netlify/dev"
import { HeadersHandler } from "@netlify/headers"
import { buildFunctions } from "./function-builds.mjs"
import { functionInstances } from "./warm-functions.mjs"

const { values: options } = parseArgs({
  options: {
    port: { type: "string", default: "9000" },
    project: { type: "string", default: process.cwd() },
    blobs: { type: "string" },
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

const blobsDir = path.resolve(options.blobs ?? path.join(project, ".netlify", "blobs-serve"))
fs.mkdirSync(blobsDir, { recursive: true })
const blobsToken = crypto.randomUUID()
const blobsServer = new BlobsServer({ directory: blobsDir, token: blobsToken, logger: () => {} })
const blobsURL = `http://localhost:${(await blobsServer.start()).port}`
// What NetlifyDev's runtime sets for its own server (@netlify/runtime), on this folder: the functions read it.
const blobsContext = {
  deployID: "0",
  edgeURL: blobsURL,
  primaryRegion: "us-east-2",
  siteID: "0",
  token: blobsToken,
  uncachedEdgeURL: blobsURL,
}
process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify(blobsContext)).toString("base64")
/** Where the store is, for whoever reads it beside the functions (tests/netlify-dev.ts). */
const blobs = { edgeURL: blobsURL, siteID: blobsContext.siteID, token: blobsToken }

fs.mkdirSync(path.join(project, ".netlify"), { recursive: true })
const buildDir = fs.mkdtempSync(path.join(project, ".netlify", "functions-serve-"))
const functions = await buildFunctions(project, buildDir)
const instances = functionInstances()

const netlify = new NetlifyDev({
  projectRoot: project,
  apiToken: "",
  logger,
  serverAddress: null,
  skipGitignore: true,
  aiGateway: { enabled: false },
  blobs: { enabled: false },
  database: { enabled: false },
  edgeFunctions: { enabled: false },
  functions: { enabled: false },
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

/** /.netlify/functions/NAME: where a function without routes answers. */
const DEFAULT_FUNCTION_URL = /^\/.netlify\/(functions|builders)\/([^/]+).*/
const onRoute = (route, pathname) =>
  route.literal !== undefined
    ? pathname === route.literal
    : route.expression !== undefined && new RegExp(route.expression).test(pathname)

/** The function a request calls, and its route, as @netlify/functions-dev's registry finds it. */
function functionFor(request) {
  const { pathname } = new URL(request.url)
  const byName = DEFAULT_FUNCTION_URL.exec(pathname)
  if (byName) {
    const func = functions.find(({ name }) => name === byName[2])
    return func && func.routes.length === 0 ? { func, route: undefined } : undefined
  }
  const trimmed = (pathname !== "/" && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname).toLowerCase()
  for (const func of functions) {
    const route = func.routes.find(
      (each) => (!each.methods?.length || each.methods.includes(request.method)) && onRoute(each, trimmed),
    )
    if (route && !func.excludedRoutes.some((each) => onRoute(each, trimmed))) return { func, route }
  }
  return undefined
}

/**
 * One call of `func`, as functions-dev makes it: the request as a Lambda event (its body in
 * base64), the headers Netlify adds, a scheduled function POSTed as Netlify's clock does, a
 * background function answered 202 at once.
 */
async function invoke({ func, route }, request, remoteAddress) {
  const scheduled = Boolean(func.schedule)
  const headers = new Headers(request.headers)
  headers.set("x-nf-client-connection-ip", remoteAddress)
  headers.set("x-nf-site-id", "unlinked")
  if (scheduled) {
    headers.set("user-agent", "Netlify Clockwork")
    headers.set("x-nf-event", "schedule")
  }
  const url = new URL(request.url)
  const queryStringParameters = {}
  const multiValueQueryStringParameters = {}
  for (const [key, value] of url.searchParams) {
    queryStringParameters[key] = queryStringParameters[key] ? `${queryStringParameters[key]},${value}` : value
    multiValueQueryStringParameters[key] = [...(multiValueQueryStringParameters[key] ?? []), value]
  }
  const body = Buffer.from(await request.arrayBuffer())
  const event = {
    rawUrl: url.toString(),
    rawQuery: url.search,
    path: url.pathname,
    httpMethod: scheduled ? "POST" : request.method,
    headers: Object.fromEntries(headers),
    multiValueHeaders: Object.fromEntries(
      [...headers].map(([name, value]) => [name, value.split(",").map((v) => v.trim())]),
    ),
    queryStringParameters,
    multiValueQueryStringParameters,
    body: body.length ? body.toString("base64") : null,
    isBase64Encoded: body.length > 0,
    route: route?.pattern,
  }
  const background = func.name.endsWith("-background")
  const answer = instances.call(pathToFileURL(func.buildPath).href, {
    clientContext: "{}",
    event,
    timeoutMs: (background ? 900 : 30) * 1000,
  })
  if (background) {
    answer.catch((error) => console.error(`netlify-serve: ${func.name}: ${error?.stack ?? error}`))
    return new Response(null, { status: 202 })
  }
  let result
  try {
    result = await answer
  } catch (error) {
    const message = error?.errorMessage ?? error?.message ?? String(error)
    console.error(`netlify-serve: ${func.name}: ${error?.stack ?? message}`)
    return new Response(`${error?.errorType ?? "Error"}: ${message}`, { status: 500 })
  }
  const responseHeaders = new Headers()
  for (const [name, value] of Object.entries(result.headers ?? {})) {
    if (value !== undefined) responseHeaders.set(name.toLowerCase(), String(value))
  }
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) {
    for (const value of values) responseHeaders.append(name.toLowerCase(), String(value))
  }
  const content =
    result.body === undefined || result.body === null
      ? null
      : result.isBase64Encoded && typeof result.body === "string"
        ? Buffer.from(result.body, "base64")
        : result.body
  return new Response(content, { status: result.statusCode, headers: responseHeaders })
}

/** The response: a function's (after public/ when its config prefers static files), NetlifyDev's, or the 404 page. */
async function respond(request, remoteAddress) {
  const called = functionFor(request)
  if (called && !called.route?.prefer_static) return invoke(called, request, remoteAddress)
  const result = await netlify.handleAndIntrospect(called ? request.clone() : request)
  if (called && result?.type !== "static") return invoke(called, request, remoteAddress)
  return result?.response ?? (await notFound(request))
}

async function send(request, reply) {
  const remoteAddress = request.headers["x-forwarded-for"]?.split(",").pop()?.trim() ?? request.socket.remoteAddress
  const response = await respond(await webRequest(request), remoteAddress ?? "")
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
  instances.stop()
  await blobsServer.stop()
  fs.rmSync(buildDir, { recursive: true, force: true })
  process.exit(0)
}
process.once("SIGTERM", stop)
process.once("SIGINT", stop)
