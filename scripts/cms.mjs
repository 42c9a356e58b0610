#!/usr/bin/env node
/**
 * Edit the site's content in the browser on this machine: `npm run cms`.
 * Builds the site (skip with --no-build), starts decap-server on this checkout
 * and serves public/ with the editor pointed at it (scripts/serve-public.mjs
 * --local-backend: the local config.yml and /admin/ policy exist only here).
 * Open http://127.0.0.1:9000/admin/ and press "Login".
 *
 * By default decap-server writes each saved entry straight into data/ (and a
 * logo upload into src/images/brands/) of this checkout: review with `git diff`,
 * then commit and open a pull request. With --git it works as production does:
 * a save is a draft on a cms/… branch and "Publish" merges it into the current
 * branch (which must be the one the site is built from, CMS_BRANCH or main);
 * that needs a clean working tree.
 *
 * Ports: CMS_PORT (9000) for the site, DECAP_SERVER_PORT (8081) for decap-server.
 */
import { spawn, spawnSync } from "node:child_process"
import path from "node:path"
import { ROOT, bin } from "./project-copy.cjs"

const sitePort = Number(process.env.CMS_PORT ?? 9000)
const serverPort = Number(process.env.DECAP_SERVER_PORT ?? 8081)
const backendUrl = `http://127.0.0.1:${serverPort}/api/v1`
const gitMode = process.argv.includes("--git")

if (!process.argv.includes("--no-build")) {
  console.log("cms: building the site and the editor (skip with --no-build)")
  const build = spawnSync(bin("gatsby"), ["build"], { cwd: ROOT, stdio: "inherit" })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const children = [
  spawn(process.execPath, [path.join(ROOT, "node_modules/decap-server/dist/index.js")], {
    cwd: ROOT,
    stdio: "inherit",
    env: {
      ...process.env,
      PORT: String(serverPort),
      BIND_HOST: "127.0.0.1",
      MODE: gitMode ? "git" : "fs",
      GIT_REPO_DIRECTORY: ROOT,
    },
  }),
  spawn(
    process.execPath,
    [path.join(ROOT, "scripts/serve-public.mjs"), "--port", String(sitePort), "--local-backend", backendUrl],
    { cwd: ROOT, stdio: "inherit" },
  ),
]

const stopAll = (code = 0) => {
  for (const child of children) if (child.exitCode === null) child.kill()
  process.exit(code)
}
for (const child of children) child.on("exit", (code) => stopAll(code ?? 0))
process.on("SIGINT", () => stopAll())
process.on("SIGTERM", () => stopAll())

console.log(
  `cms: open http://127.0.0.1:${sitePort}/admin/ and press "Login". ` +
    (gitMode
      ? "Drafts are cms/… branches; Publish merges them into the current branch."
      : "Saved entries are written into data/ of this checkout: review them with git diff.") +
    " Ctrl+C stops.",
)
