/**
 * The site's own sign-in API (same origin, JSON both ways), as the editor's
 * sign-in pages call it. Errors come back as `{ "message": "…" }` in plain words.
 */

/** The editor (Decap CMS, static/admin/): where a signed-in editor works. */
export const EDITOR_PATH = "/admin/"

export const API = {
  registrationOptions: "/api/auth/passkeys/registration-options",
  registration: "/api/auth/passkeys/registration",
  signInOptions: "/api/auth/passkeys/sign-in-options",
  authorize: "/api/oauth/authorize",
  ownRegistrationOptions: "/api/auth/passkeys/own-registration-options",
  ownRegistration: "/api/auth/passkeys/own-registration",
  editors: "/api/auth/editors",
  invitations: "/api/auth/invitations",
  editor: (editor: string) => `/api/auth/editors/${encodeURIComponent(editor)}`,
  invitation: (invitation: string) => `/api/auth/invitations/${encodeURIComponent(invitation)}`,
  passkey: (editor: string, passkey: string) =>
    `/api/auth/editors/${encodeURIComponent(editor)}/passkeys/${encodeURIComponent(passkey)}`,
} as const

/** The server answered, but not with success. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = "ApiError"
  }
}

/** The request never got an answer (offline, a dropped connection). */
export class NetworkError extends Error {
  constructor() {
    super("the site could not be reached")
    this.name = "NetworkError"
  }
}

interface RequestOptions {
  method?: "GET" | "POST" | "DELETE" | "PATCH"
  body?: unknown
  /** The editor's access token, sent as a Bearer token. */
  token?: string
}

/** The `message` of an error body, or "" when the body is not one. */
async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown }
    return typeof body?.message === "string" ? body.message : ""
  } catch {
    return ""
  }
}

/** Sends one request; resolves with the JSON body (undefined for 204), rejects with ApiError or NetworkError. */
export async function requestJson<T>(path: string, { method = "POST", body, token }: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" }
  if (body !== undefined) headers["content-type"] = "application/json"
  if (token) headers.authorization = `Bearer ${token}`
  let response: Response
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
    })
  } catch {
    throw new NetworkError()
  }
  if (!response.ok) throw new ApiError(response.status, await messageOf(response))
  if (response.status === 204) return undefined as T
  try {
    return (await response.json()) as T
  } catch {
    throw new ApiError(response.status, "")
  }
}
