/**
 * What the unit tests of the editor's sign-in pages share (src/components/admin/):
 * a fetch that answers from a list, and an error shaped as a browser's WebAuthn refusal.
 */

export interface Answer {
  status: number
  body?: unknown
}

export interface SentRequest {
  url: string
  method: string
  headers: Record<string, string>
  body: unknown
}

/** A JSON body as its value; a form-encoded one (the OAuth token request) as its text. */
function jsonOrText(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    return body
  }
}

/** Replaces fetch with one that answers each request with the next answer (an Error: the network failed). */
export function answerFetch(...answers: Array<Answer | Error>): SentRequest[] {
  const sent: SentRequest[] = []
  const queue = [...answers]
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    sent.push({
      url: String(url),
      method: init?.method ?? "GET",
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === "string" ? jsonOrText(init.body) : undefined,
    })
    const answer = queue.shift()
    if (!answer) throw new Error(`no answer left for ${String(url)}`)
    if (answer instanceof Error) throw answer
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      json: async () => {
        if (answer.body === undefined) throw new SyntaxError("no body")
        return answer.body
      },
    } as Response
  }) as typeof fetch
  return sent
}

/** An error as the browser's passkey dialog throws it (NotAllowedError: cancelled or timed out). */
export function webAuthnError(name: string, message = "The operation either timed out or was not allowed."): Error {
  const error = new Error(message)
  error.name = name
  return error
}
