/**
 * The gateway's status, in the form Decap polls (its `status_endpoint`, every
 * five minutes, instead of Netlify's status page): "operational" when the
 * sign-in and the gateway are set up (AUTH_SECRET, URL, CMS_GITHUB_REPO and a
 * GitHub credential), else "major_outage", and Decap warns the editor.
 */
import type { Config } from "@netlify/functions"
import { githubTarget } from "../../internal/auth/github-credential.ts"
import { json } from "../../internal/auth/http.ts"
import { authSettings } from "../../internal/auth/settings.ts"
import { functionEnv } from "../../internal/function-env.ts"

export default async (): Promise<Response> => {
  const problems = [authSettings(functionEnv), githubTarget(functionEnv)].filter((one) => one instanceof Error)
  for (const problem of problems) console.error(`git-gateway-status: ${problem.message}`)
  return json(200, {
    components: [{ name: "Git Gateway", status: problems.length ? "major_outage" : "operational" }],
  })
}

export const config: Config = {
  path: "/api/git/status",
  method: "GET",
}
