#!/usr/bin/env node
/**
 * Serves public/ on 127.0.0.1 the way Netlify does for this site, and is used
 * by the browser tests, the size budget, the Lighthouse gate and benchmark, the
 * screenshots and `npm run cms`.
 *
 * Netlify's part comes from Netlify's own parser (scripts/netlify-headers.mjs):
 * the header rules of netlify.toml and public/_headers (written by the build),
 * matched as Netlify matches them, with netlify.toml's precedence; where two
 * rules name one header (the site has none), `--header-reading last` (the
 * default: Netlify's own engine, as `netlify dev`) or `joined` (both values).
 *
 * Ours, since no Netlify package does it: text compressed with brotli or gzip
 * as the browser accepts, `/path` -> `/path/` redirects for directories,
 * public/404.html with status 404 for anything else (with the headers of the
 * path asked for), Netlify's default Cache-Control where no rule names one, and
 * the local editor backend below.
 *   node scripts/serve-public.mjs [--port 9100] [--https] [--encodings br,gzip] [--header-reading last|joined] [--local-backend http://127.0.0.1:8081/api/v1]
 * `--https` serves TLS with a self-signed certificate made at start (the browser tests);
 * `--print-failures` prints "failed: /path 404" for every answer of 400 or more;
 * `--print-requests` prints "open: /path" as each request comes in and "done: /path" once answered.
 * The tap count's endpoint (a Netlify Function in production) has a stand-in:
 * a POST to /api/call-tap answers 204 and stores nothing; `--print-beacons`
 * prints "beacon: <body>" for each (the engines' tests read the taps from it).
 * The call-back request's function has one too: a GET of /api/call-back (the form's signed time, which the
 * form asks for when a field is first focused) answers an empty token; a POST is not taken (503).
 * `--encodings gzip` offers gzip only (figures comparable with a gzip budget);
 * `--encodings none` serves everything uncompressed.
 *
 * --local-backend: local editing only. The editor's config.yml gets
 * `local_backend` pointing at decap-server, and the /admin/* policy's
 * connect-src allows that server's origin. Nothing of it is in public/ or
 * public/_headers, so the deployed editor never talks to a local port.
 */
import crypto from "node:crypto"
import fs from "node:fs"
import http from "node:http"
import https from "node:https"
import path from "node:path"
import zlib from "node:zlib"
import { fileURLToPath } from "node:url"
import { parseDocument } from "yaml"
import { headersForPath, loadHeaderRules } from "./netlify-headers.mjs"
import { testCertificate } from "./test-certificate.mjs"

/** CALL_TAP_ENDPOINT of src/lib/call-tap.ts (the engines' sweep hears the site's beacons here). */
const CALL_TAP_ENDPOINT = "/api/call-tap"
/** CALL_BACK_ENDPOINT of src/lib/call-back-request.ts. */
const CALL_BACK_ENDPOINT = "/api/call-back"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".yml": "text/yaml; charset=utf-8",
  ".wasm": "application/wasm",
  ".png": "image/png",
  ".avif": "image/avif",
  ".webp": "image/webp",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".map": "application/json",
}

/** Types Netlify compresses; images are already compressed. */
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".json", ".webmanifest", ".xml", ".txt", ".svg", ".map", ".yml"])

/**
 * Brotli at its best quality for the site's own files; a file over 1 MB (the
 * editor's bundle at /admin/) at quality 5, which takes well under a second
 * where quality 11 takes tens of seconds on a busy 2-core machine.
 */
const brotliQuality = (size) => (size > 1024 * 1024 ? 5 : 11)

/** Each encoding's setting for a file of `size` bytes (brotli's quality, gzip's level), and its encoder. */
const ENCODERS = {
  br: {
    setting: brotliQuality,
    encode: (buffer, quality) =>
      zlib.brotliCompressSync(buffer, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
        },
      }),
  },
  gzip: { setting: () => 9, encode: (buffer, level) => zlib.gzipSync(buffer, { level }) },
}

/**
 * Compressed bytes kept on disk by content, for every server of this checkout and its copies (their
 * node_modules is this one's): a test run starts a server per browser stage, and brotli at quality
 * 11 took each of them seconds of processor time for the same files. The name holds the encoding,
 * its quality or level and the content's hash, so a changed file or quality is compressed anew.
 */
const COMPRESSED_CACHE = path.join(root, "node_modules", ".cache", "serve-public")

/** The file's bytes in the encoding: from the cache, or compressed now and kept there (written whole, then renamed). */
function compress(buffer, encoding) {
  const { setting, encode } = ENCODERS[encoding]
  const level = setting(buffer.length)
  const hash = crypto.createHash("sha256").update(buffer).digest("hex")
  const file = path.join(COMPRESSED_CACHE, `${encoding}-${level}-${hash}`)
  try {
    return fs.readFileSync(file)
  } catch {
    const bytes = encode(buffer, level)
    const partial = `${file}.${process.pid}.partial`
    try {
      fs.mkdirSync(COMPRESSED_CACHE, { recursive: true })
      fs.writeFileSync(partial, bytes)
      fs.renameSync(partial, file)
    } catch {
      // A cache that cannot be written (a read-only checkout) only costs the time.
      fs.rmSync(partial, { force: true })
    }
    return bytes
  }
}

const ADMIN = "/admin/"

/** Adds an origin to every connect-src of a (possibly multi-policy) Content-Security-Policy. */
function allowConnectTo(policy, origin) {
  return policy
    .split(",")
    .map((one) =>
      one.replace(/(^|;)(\s*connect-src\s[^;]*)/, (_, start, directive) => `${start}${directive.trimEnd()} ${origin}`),
    )
    .join(",")
}

/** The editor's configuration, pointed at the local decap-server. */
function localConfig(file, localBackend) {
  const config = parseDocument(fs.readFileSync(file, "utf8"))
  config.set("local_backend", { url: localBackend })
  return Buffer.from(config.toString())
}

/** The first of our encodings (in our order of preference) that the request accepts. */
function negotiate(acceptEncoding, encodings) {
  const accepted = new Set(
    String(acceptEncoding ?? "")
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, q]) => !q || Number(q.split("=")[1]) > 0)
      .map(([name]) => name.toLowerCase()),
  )
  return encodings.find((encoding) => accepted.has(encoding))
}

/**
 * Starts the server; resolves once it listens. Port 0 picks a free port
 * (read it from server.address().port). `tls: true` serves HTTPS with a
 * certificate made now (scripts/test-certificate.mjs), as production is served:
 * the browser tests use it, since WebKit follows the policy's
 * `upgrade-insecure-requests` to TLS even on a plain-HTTP loopback server.
 * `onResponse(urlPath, status)` hears every answer (the engines' tests read
 * the failed requests of a page from it). `headerReading` is "last" or "joined"
 * (see above). `onBeacon(body)` hears each POST to the tap count's endpoint.
 * `onExchange("open" | "done", urlPath)` hears each request as it comes in and once its answer
 * has gone or the browser gave it up (the engines' tests wait until no request of a page is open).
 * `projectDir`: the project whose public/ and netlify.toml are served (this one by default;
 * another checkout's build to compare with: `npm run bench:lighthouse -- --against DIR`).
 */
export async function startServer({
  projectDir = root,
  port = 9100,
  encodings = ["br", "gzip"],
  localBackend,
  tls = false,
  onResponse = () => {},
  headerReading = "last",
  onBeacon = () => {},
  onExchange = () => {},
} = {}) {
  const rules = await loadHeaderRules(projectDir)
  const publicDir = path.join(projectDir, "public")
  const compressed = new Map()

  const headersFor = (urlPath) => {
    const headers = headersForPath(rules, urlPath, headerReading)
    const csp = headers["content-security-policy"]
    if (localBackend && urlPath.startsWith(ADMIN) && csp) {
      headers["content-security-policy"] = allowConnectTo(csp, new URL(localBackend).origin)
    }
    return headers
  }

  /** The file's bytes in the encoding, compressed once per file version. */
  const body = (file, encoding) => {
    const stat = fs.statSync(file)
    const key = `${encoding}:${file}`
    const cached = compressed.get(key)
    if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.bytes
    const bytes = compress(fs.readFileSync(file), encoding)
    compressed.set(key, { mtimeMs: stat.mtimeMs, size: stat.size, bytes })
    return bytes
  }

  const send = (req, res, status, file, urlPath) => {
    onResponse(urlPath, status)
    const extension = path.extname(file)
    const headers = {
      "content-type": TYPES[extension] ?? "application/octet-stream",
      ...headersFor(urlPath),
    }
    if (localBackend && urlPath === `${ADMIN}config.yml`) {
      // Generated per request: never compressed or cached.
      const bytes = localConfig(file, localBackend)
      res.writeHead(status, { ...headers, "content-length": bytes.length })
      res.end(req.method === "HEAD" ? undefined : bytes)
      return
    }
    const encoding = COMPRESSIBLE.has(extension) ? negotiate(req.headers["accept-encoding"], encodings) : undefined
    if (COMPRESSIBLE.has(extension)) headers.vary = "Accept-Encoding"
    const bytes = encoding ? body(file, encoding) : fs.readFileSync(file)
    if (encoding) headers["content-encoding"] = encoding
    headers["content-length"] = bytes.length
    res.writeHead(status, headers)
    res.end(req.method === "HEAD" ? undefined : bytes)
  }

  const handle = (req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname)
    onExchange("open", urlPath)
    res.once("close", () => onExchange("done", urlPath))
    if (req.method === "POST" && urlPath === CALL_TAP_ENDPOINT) {
      // The stand-in for the tap count's function: takes the beacon, stores nothing.
      let text = ""
      req.setEncoding("utf8")
      req.on("data", (chunk) => (text += chunk))
      req.on("end", () => {
        onBeacon(text)
        res.writeHead(204, headersFor(urlPath)).end()
      })
      return
    }
    if (urlPath === CALL_BACK_ENDPOINT) {
      // The stand-in for the call-back request's function: no token to give, nothing taken.
      const headers = { ...headersFor(urlPath), "Content-Type": "application/json", "Cache-Control": "no-store" }
      if (req.method === "GET") res.writeHead(200, headers).end('{"token":""}')
      else res.writeHead(503, headers).end('{"message":"the test server takes no request"}')
      return
    }
    const target = path.normalize(path.join(publicDir, urlPath))
    if (!target.startsWith(publicDir)) {
      res.writeHead(400).end()
      return
    }
    const stat = fs.existsSync(target) ? fs.statSync(target) : null
    if (stat?.isFile()) return send(req, res, 200, target, urlPath)
    if (stat?.isDirectory()) {
      if (!urlPath.endsWith("/")) {
        res.writeHead(301, { location: `${urlPath}/`, ...headersFor(urlPath) }).end()
        return
      }
      const index = path.join(target, "index.html")
      if (fs.existsSync(index)) return send(req, res, 200, index, urlPath)
    }
    return send(req, res, 404, path.join(publicDir, "404.html"), urlPath)
  }
  const server = tls ? https.createServer(await testCertificate(), handle) : http.createServer(handle)

  return new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, "127.0.0.1", () => resolve(server))
  })
}

/** `--encodings br,gzip` (the default), `--encodings gzip` or `--encodings none`. */
export function parseEncodings(value) {
  if (!value) return ["br", "gzip"]
  if (value === "none") return []
  const list = value.split(",").map((name) => name.trim())
  const unknown = list.filter((name) => !(name in ENCODERS))
  if (unknown.length) throw new Error(`unknown encoding(s): ${unknown.join(", ")} (use br, gzip or none)`)
  return list
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const flag = (name) => {
    const index = process.argv.indexOf(name)
    return index > 0 ? process.argv[index + 1] : undefined
  }
  const port = Number(flag("--port") ?? 9100)
  const encodings = parseEncodings(flag("--encodings"))
  const localBackend = flag("--local-backend")
  const headerReading = flag("--header-reading") ?? "last"
  const tls = process.argv.includes("--https")
  const onResponse = process.argv.includes("--print-failures")
    ? (urlPath, status) => status >= 400 && console.log(`failed: ${urlPath} ${status}`)
    : undefined
  const onBeacon = process.argv.includes("--print-beacons") ? (body) => console.log(`beacon: ${body}`) : undefined
  const onExchange = process.argv.includes("--print-requests")
    ? (event, urlPath) => console.log(`${event}: ${urlPath}`)
    : undefined
  const server = await startServer({
    port,
    encodings,
    localBackend,
    tls,
    onResponse,
    headerReading,
    onBeacon,
    onExchange,
  })
  const mode = `; header rules read ${headerReading}${localBackend ? `; editor on the local backend ${localBackend}` : ""}`
  console.log(
    `serving public/ at ${tls ? "https" : "http"}://127.0.0.1:${server.address().port} (${encodings.length ? encodings.join(", ") : "uncompressed"}${mode})`,
  )
}
