#!/usr/bin/env node
/**
 * Serves public/ on 127.0.0.1 the way Netlify does for this site: the headers
 * of netlify.toml (read with a TOML parser, so tests see exactly what deploys),
 * every rule whose path matches applied, with the values of a header named by
 * several rules joined by commas (a Content-Security-Policy named twice is then
 * two policies, and the browser enforces both), /path -> /path/ redirects for
 * directories, and public/404.html with status 404 for anything else.
 * Used by the browser tests and `npm run cms`.
 *   node scripts/serve-public.mjs [--port 9100] [--local-backend http://127.0.0.1:8081/api/v1]
 *
 * --local-backend: local editing only. The editor's config.yml gets
 * `local_backend` pointing at decap-server, and the /admin/* policy's
 * connect-src allows that server's origin. Nothing of it is in public/ or
 * netlify.toml, so the deployed editor never talks to a local port.
 */
import fs from "node:fs"
import http from "node:http"
import path from "node:path"
import { parse } from "smol-toml"
import { parseDocument } from "yaml"

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..")
const publicDir = path.join(root, "public")
const option = (name) => {
  const index = process.argv.indexOf(name)
  return index > 0 ? process.argv[index + 1] : undefined
}
const port = Number(option("--port") ?? 9100)
const localBackend = option("--local-backend")

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

/** [{ for: "/*", values: {...} }] from netlify.toml's [[headers]] tables. */
function loadHeaderRules() {
  const file = path.join(root, "netlify.toml")
  if (!fs.existsSync(file)) return []
  return parse(fs.readFileSync(file, "utf8")).headers ?? []
}

/** Netlify path patterns: a trailing "*" matches the rest of the path. */
function matches(pattern, urlPath) {
  if (pattern.endsWith("*")) return urlPath.startsWith(pattern.slice(0, -1))
  return pattern === urlPath
}

const rules = loadHeaderRules()
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

function headersFor(urlPath) {
  const headers = {}
  const names = {}
  for (const rule of rules) {
    if (!matches(rule.for, urlPath)) continue
    for (const [name, value] of Object.entries(rule.values)) {
      const key = name.toLowerCase()
      names[key] ??= name
      headers[names[key]] = headers[names[key]] === undefined ? value : `${headers[names[key]]}, ${value}`
    }
  }
  const csp = names["content-security-policy"]
  if (localBackend && urlPath.startsWith(ADMIN) && csp) {
    headers[csp] = allowConnectTo(headers[csp], new URL(localBackend).origin)
  }
  return headers
}

/** The editor's configuration, pointed at the local decap-server. */
function localConfig(file) {
  const config = parseDocument(fs.readFileSync(file, "utf8"))
  config.set("local_backend", { url: localBackend })
  return config.toString()
}

function send(res, status, file, urlPath) {
  const headers = { "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream", ...headersFor(urlPath) }
  if (localBackend && urlPath === `${ADMIN}config.yml`) {
    res.writeHead(status, headers).end(localConfig(file))
    return
  }
  res.writeHead(status, headers)
  fs.createReadStream(file).pipe(res)
}

const server = http.createServer((req, res) => {
  const urlPath = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname)
  const target = path.normalize(path.join(publicDir, urlPath))
  if (!target.startsWith(publicDir)) {
    res.writeHead(400).end()
    return
  }
  const stat = fs.existsSync(target) ? fs.statSync(target) : null
  if (stat?.isFile()) return send(res, 200, target, urlPath)
  if (stat?.isDirectory()) {
    if (!urlPath.endsWith("/")) {
      res.writeHead(301, { Location: `${urlPath}/`, ...headersFor(urlPath) }).end()
      return
    }
    const index = path.join(target, "index.html")
    if (fs.existsSync(index)) return send(res, 200, index, urlPath)
  }
  return send(res, 404, path.join(publicDir, "404.html"), urlPath)
})

server.listen(port, "127.0.0.1", () => {
  const mode = localBackend ? ` (editor on the local backend ${localBackend})` : ""
  console.log(`serving public/ at http://127.0.0.1:${port}${mode}`)
})
