import { gatewayVerdict } from "../../internal/auth/gateway-paths"
import { expectEvery } from "../offenders"

const SHA = "3f786850e387550fdab836ed7e6dc881de23001b"

// Every call Decap 3.16's git-gateway backend makes for the editorial workflow, as it sends them
// (decap-cms-backend-github's API.js through git-gateway's GitHubAPI.js): each must be relayed.
const DECAP_CALLS: [string, string][] = [
  ["GET", "branches/main"],
  ["GET", "branches/cms%2Ftowns%2Fwilmette"],
  ["GET", "git/trees/main:data/towns"],
  ["GET", "git/trees/main:"],
  ["GET", `git/blobs/${SHA}`],
  ["GET", "commits"],
  ["GET", "pulls"],
  ["GET", `compare/${SHA}...northshore:cms/towns/wilmette`],
  ["GET", `commits/${SHA}/status`],
  ["POST", "git/blobs"],
  ["POST", "git/trees"],
  ["POST", "git/commits"],
  ["POST", "git/refs"],
  ["PATCH", "git/refs/heads/cms%2Ftowns%2Fwilmette"],
  ["PATCH", "git/refs/heads/main"],
  ["DELETE", "git/refs/heads/cms%2Ftowns%2Fwilmette"],
  ["POST", "pulls"],
  ["PATCH", "pulls/12"],
  ["PUT", "pulls/12/merge"],
  ["PUT", "issues/12/labels"],
]

describe("the gateway's list of what it relays", () => {
  it("relays every call Decap's editorial workflow makes", () => {
    expectEvery(
      DECAP_CALLS,
      "Decap's calls the gateway would refuse",
      ([method, path]) => {
        const verdict = gatewayVerdict(method, path)
        return verdict === "relay" ? undefined : verdict
      },
      ([method, path]) => `${method} ${path}`,
    )
  })

  it("refuses what Decap does not need: other repositories' paths, the user, settings, secrets, hooks", () => {
    const refused: [string, string][] = [
      ["GET", "../../user"],
      ["GET", "git/trees/%2e%2e%2F%2e%2e"],
      ["GET", "contents/..%2f..%2fother"],
      ["GET", "branches/main%252f..%252f.."],
      ["GET", "users/someone"],
      ["GET", "search/issues"],
      ["PATCH", "issues/12"],
      ["GET", "actions/secrets"],
      ["POST", "hooks"],
      ["PUT", "collaborators/someone"],
      ["DELETE", "git/refs/tags/v1"],
      ["PUT", "contents/data/business.json"],
      ["GET", "git//refs"],
      ["GET", "branches/main\\..\\.."],
    ]
    expectEvery(
      refused,
      "requests the gateway would relay",
      ([method, path]) => (gatewayVerdict(method, path) === "relay" ? "relayed" : undefined),
      ([method, path]) => `${method} ${path}`,
    )
  })
})
