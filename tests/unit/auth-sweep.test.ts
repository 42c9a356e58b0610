/**
 * @jest-environment node
 */
import authSweep, { config } from "../../netlify/functions/auth-sweep.mts"
import { AUTH_STORE } from "../../internal/auth/editors"
import { createInvitation } from "../../internal/auth/invitations"
import { authSettings, type AuthSettings } from "../../internal/auth/settings"
import { pastMarkers, SWEPT_PREFIXES } from "../../internal/auth/sweep"
import { keysOf, localBlobs } from "../blobs-server"
import { expectEvery } from "../offenders"
import { quietConsole } from "../stand-in-server"

const blobs = localBlobs()
quietConsole()
const store = () => blobs.store(AUTH_STORE)

const NOW = 1_800_000_000

describe("which markers have expired (internal/auth/sweep.ts)", () => {
  it("names every used/ and revoked/ marker whose exp is at or before now, and keeps those still in their time", () => {
    const markers = SWEPT_PREFIXES.flatMap((prefix) => [
      { key: `${prefix}long-gone`, data: { exp: NOW - 86_400 } },
      { key: `${prefix}just-now`, data: { exp: NOW } },
      { key: `${prefix}a-second-left`, data: { exp: NOW + 1 } },
      { key: `${prefix}an-hour-left`, data: { exp: NOW + 3600 } },
    ])
    expect(pastMarkers(markers, NOW).sort()).toEqual(
      SWEPT_PREFIXES.flatMap((prefix) => [`${prefix}just-now`, `${prefix}long-gone`]).sort(),
    )
  })

  it("never names a marker whose exp it cannot read, nor anything outside its prefixes", () => {
    const kept = [
      { key: "used/no-exp", data: {} },
      { key: "used/null", data: null },
      { key: "used/exp-as-text", data: { exp: String(NOW - 10) } },
      { key: "used/exp-not-finite", data: { exp: Number.NEGATIVE_INFINITY } },
      { key: "revoked/a-list", data: [NOW - 10] },
      { key: "editors/someone", data: { exp: NOW - 10 } },
      { key: "passkeys/a-key", data: { exp: NOW - 10 } },
      { key: "users/used/x", data: { exp: NOW - 10 } },
    ]
    expectEvery(kept, "markers the sweep would delete", ({ key }) =>
      pastMarkers(kept, NOW).includes(key) ? "named as expired" : undefined,
    )
  })
})

describe("the sweep (netlify/functions/auth-sweep.mts)", () => {
  beforeEach(() => blobs.empty(AUTH_STORE))

  it("deletes the expired used/ and revoked/ markers and invitations from the store, and leaves the live ones and the editors", async () => {
    const now = Math.floor(Date.now() / 1000)
    await store().setJSON("used/spent-yesterday", { exp: now - 86_400 })
    await store().setJSON("revoked/ended-yesterday", { exp: now - 86_400 })
    await store().setJSON("used/a-minute-left", { exp: now + 60 })
    await store().setJSON("revoked/still-an-hour", { exp: now + 3600 })
    await store().setJSON("editors/someone", { id: "someone", passkeys: [] })
    // Invitations never used: one made two days ago (past its 24 hours), one made now.
    const settings = authSettings(
      (name) => ({ AUTH_SECRET: "a-sweep-secret-of-at-least-32-characters", URL: "https://site.example" })[name],
    ) as AuthSettings
    const who = { email: "sam@example.com", name: "Sam", role: "helper", by: "command" } as const
    await createInvitation(settings, store(), who, Date.now() - 2 * 86_400_000)
    const { id: pending } = await createInvitation(settings, store(), who)
    const response = await authSweep(new Request("http://localhost/.netlify/functions/auth-sweep", { method: "POST" }))
    expect(response.status).toBe(200)
    expect(await response.text()).toBe("3 deleted, 3 kept")
    expect(await keysOf(store())).toEqual([
      "editors/someone",
      `invitations/${pending}`,
      "revoked/still-an-hour",
      "used/a-minute-left",
    ])
  })

  it("runs on a schedule, once a day, and has no address", () => {
    expect(config.schedule?.trim().split(/\s+/).slice(2)).toEqual(["*", "*", "*"])
    expect(config.path).toBeUndefined()
  })
})
