/**
 * @jest-environment node
 */
import { invitationText } from "../../internal/auth/mail"
import { MAX_NAME_LENGTH, plainName } from "../../internal/auth/plain-name"
import { expectEvery } from "../offenders"

/** What an inviter might type, and the name the site repeats. */
const CASES: ReadonlyArray<[string, string]> = [
  ["Pat Owner", "Pat Owner"],
  ["  Pat   Owner  ", "Pat Owner"],
  ["Pat O. Smith", "Pat O. Smith"],
  ["J.R.R. Tolkien", "J.R.R. Tolkien"],
  ["Zoë Ångström-Nuñez", "Zoë Ångström-Nuñez"],
  ["Mary-Kate O'Neil, Jr.", "Mary-Kate O'Neil, Jr."],
  ["李小龙", "李小龙"],
  // Control characters and line breaks: one line, words kept apart.
  ["Pat\nBcc: someone@example.com", "Pat Bcc:"],
  ["Pat\r\n\r\nClick below", "Pat Click below"],
  ["Pat\u0000\u0007\u001b[31mOwner", "Pat [31mOwner"],
  ["Pat\u2028Owner\u2029Again", "Pat Owner Again"],
  ["Pat\u202eenwO", "Pat enwO"],
  ["Pat\u200bOwner", "Pat Owner"],
  // Links of every kind a mail client makes.
  ["Pat https://evil.example/login", "Pat"],
  ["Pat http://evil.example", "Pat"],
  ["Pat (https://evil)", "Pat"],
  ["Pat HTTPS://EVIL.EXAMPLE", "Pat"],
  ["Pat mailto:x@evil.example", "Pat"],
  ["Pat javascript:alert(1)", "Pat"],
  ["Pat www.evil.example", "Pat"],
  ["Pat WWW.evil", "Pat"],
  ["Pat evil.example/x", "Pat"],
  ["Pat evil.example", "Pat"],
  ["Pat evil.example.", "Pat"],
  ["Pat sub.evil.co.uk/reset?x=1", "Pat"],
  ["Pat evil.example%2Flogin", "Pat"],
  ["Pat pat@evil.example", "Pat"],
  ["Pat <pat@evil.example>", "Pat"],
  ["Pat ｅｖｉｌ．ｅｘａｍｐｌｅ", "Pat"],
  ["Pat evil。example", "Pat"],
  ["Pat 203.0.113.7/x", "Pat"],
  ["https://evil.example", ""],
]

describe("a name as the site repeats it (internal/auth/plain-name.ts)", () => {
  it("keeps a name's words, and drops control characters, line breaks and everything a mail client would link", () => {
    expectEvery(
      CASES,
      "names not made plain",
      ([typed, plain]) => (plainName(typed) === plain ? undefined : `gave ${JSON.stringify(plainName(typed))}`),
      ([typed, plain]) => `${JSON.stringify(typed)} (→ ${JSON.stringify(plain)})`,
    )
  })

  it(`keeps at most ${MAX_NAME_LENGTH} characters, never half of one`, () => {
    expect(Array.from(plainName("Pat ".repeat(100)))).toHaveLength(MAX_NAME_LENGTH - 1)
    const emoji = plainName("😀".repeat(MAX_NAME_LENGTH + 5))
    expect(Array.from(emoji)).toHaveLength(MAX_NAME_LENGTH)
    expect(emoji).toBe("😀".repeat(MAX_NAME_LENGTH))
  })
})

describe("the invitation's mail (internal/auth/mail.ts)", () => {
  const invitation = {
    to: "helper@example.com",
    link: "https://northshore.example/admin/invitation/#token",
    expires: "2030-01-01T00:00:00.000Z",
    site: "northshore.example",
  }

  it("greets by the plain name: no line of the mail, and no link but the invitation's, comes from the name", () => {
    const text = invitationText({ ...invitation, name: "Pat\n\nYour account is locked: https://evil.example/unlock\n" })
    expect(text.split("\n")[0]).toBe("Hello Pat Your account is locked:,")
    expect(text).not.toMatch(/evil/)
    expect(text.match(/https?:\/\/\S+/g)).toEqual([invitation.link])
  })

  it("greets without a name when nothing of it is left", () => {
    expect(invitationText({ ...invitation, name: "www.evil.example" }).split("\n")[0]).toBe("Hello,")
  })
})
