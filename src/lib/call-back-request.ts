/**
 * The call-back request, declared once: its fields, their labels and rules,
 * and the one check that the page (src/components/call-back/), the function
 * that takes it (netlify/functions/call-back.mts) and the page for today all
 * use. The towns and appliances a request may name are the site's own (the
 * towns' and services' names from data/), given by the caller: the page reads
 * them from GraphQL, the function from the file the build writes
 * (internal/call-backs/site-file.ts). Pure, so it runs in Node and the browser.
 */
import { NAME_MAX, NOTE_MAX } from "./call-back-limits"

/** Where the form posts, and where a page with script reads the form's signed render time. */
export const CALL_BACK_ENDPOINT = "/api/call-back"

/** The choice for a town the site does not list. */
export const ANOTHER_TOWN = "another town"

export const BEST_TIMES = ["morning", "afternoon", "evening"] as const
export type BestTime = (typeof BEST_TIMES)[number]

/** The field a person never sees nor fills (hidden from sight and from assistive technology): a bot fills it. */
export const HONEYPOT_FIELD = "website"

/**
 * Faster than this from the form shown to its sending is not a person: the form asks for a name and a number.
 * The function drops such a request (internal/call-backs/form-token.ts); the form's script waits out the rest of it.
 */
export const MIN_FILL_MS = 3000

/** The hidden field that carries the form's render time, signed by the server (internal/call-backs/form-token.ts). */
export const TOKEN_FIELD = "started"

/** The fields a person fills, in the form's order. */
export const REQUEST_FIELDS = ["name", "phone", "town", "appliance", "note", "bestTime"] as const
export type RequestField = (typeof REQUEST_FIELDS)[number]

/** Every field a request may carry: what a person fills, the signed time, the honeypot. */
export const FORM_FIELDS: readonly string[] = [...REQUEST_FIELDS, TOKEN_FIELD, HONEYPOT_FIELD]

export interface FieldDeclaration {
  label: string
  /** Said under the label. */
  hint?: string
  required: boolean
  /** The longest value, in characters. */
  max: number
}

export const FIELD_DECLARATIONS: Record<RequestField, FieldDeclaration> = {
  name: { label: "Your name", required: true, max: NAME_MAX },
  phone: { label: "Phone number", hint: "A US number, e.g. 847-555-0123.", required: true, max: 30 },
  town: { label: "Town", required: true, max: 100 },
  appliance: { label: "Appliance", required: true, max: 100 },
  note: {
    label: "What is wrong (optional)",
    hint: `At most ${NOTE_MAX} characters.`,
    required: false,
    max: NOTE_MAX,
  },
  bestTime: { label: "Best time to call", required: true, max: 20 },
}

/** A request as kept: every value checked and made plain; the phone as ten digits. */
export interface CallBackRequest {
  name: string
  /** Ten digits: area code, exchange, line. */
  phone: string
  town: string
  appliance: string
  note: string
  bestTime: BestTime
}

/** What a request may name, from the site's content. */
export interface CallBackChoices {
  towns: readonly string[]
  appliances: readonly string[]
}

export type FieldProblems = Partial<Record<RequestField, string>>

/** The towns a request may name: the site's towns, then "another town". */
export const townChoices = (choices: CallBackChoices): string[] => [...choices.towns, ANOTHER_TOWN]

/**
 * A US phone number as ten digits, or undefined: ten digits, or eleven starting
 * with the country code 1, in any of the ways people write them; an area code
 * and an exchange that do not start with 0 or 1 (the North American plan's rule).
 */
export function usPhoneDigits(text: string): string | undefined {
  if (!/^[\d\s().+-]*$/.test(text)) return undefined
  const digits = text.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "")
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(digits) ? digits : undefined
}

/** Ten digits as the site writes a number: "(847) 555-0123". */
export const formatUsPhone = (digits: string): string =>
  `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`

/** Text on one line: control, format and separator characters as spaces, spaces single, trimmed. */
const oneLine = (text: string): string =>
  text
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim()

/** The note: its lines kept (single newlines), every other control character gone. */
const plainNote = (text: string): string =>
  text
    .normalize("NFC")
    .replace(/\r\n?/g, "\n")
    .replace(/[^\P{Cc}\n]|[\p{Cf}\p{Zl}\p{Zp}]/gu, " ")
    .replace(/[ \t]+/g, " ")
    .replace(/\n{3,}/g, "\n\n")
    .trim()

const length = (text: string): number => Array.from(text).length

/**
 * The one check of a request, field by field: a request, or the problem of each
 * field that has one, in words said at the field. Values are read as the form
 * sends them (strings); a field that is absent counts as empty.
 */
export function checkCallBack(
  values: Readonly<Record<string, string | undefined>>,
  choices: CallBackChoices,
): { request: CallBackRequest } | { problems: FieldProblems } {
  const problems: FieldProblems = {}
  const name = oneLine(values.name ?? "")
  if (!name) problems.name = "Enter your name."
  else if (length(name) > NAME_MAX) problems.name = `Enter at most ${NAME_MAX} characters.`

  const phoneText = (values.phone ?? "").trim()
  const phone = usPhoneDigits(phoneText)
  if (!phoneText) problems.phone = "Enter your phone number."
  else if (!phone) problems.phone = "Enter a US phone number of 10 digits, e.g. 847-555-0123."

  const town = values.town ?? ""
  if (!townChoices(choices).includes(town)) problems.town = "Choose your town, or “another town”."

  const appliance = values.appliance ?? ""
  if (!choices.appliances.includes(appliance)) problems.appliance = "Choose the appliance."

  const note = plainNote(values.note ?? "")
  if (length(note) > NOTE_MAX) problems.note = `Shorten the note to ${NOTE_MAX} characters; it has ${length(note)}.`

  const bestTime = values.bestTime ?? ""
  if (!(BEST_TIMES as readonly string[]).includes(bestTime)) problems.bestTime = "Choose the best time to call."

  if (Object.keys(problems).length || !phone) return { problems }
  return { request: { name, phone, town, appliance, note, bestTime: bestTime as BestTime } }
}

/** The fields a body carries that the form has not: a request with one is refused whole. */
export const unknownFields = (names: Iterable<string>): string[] =>
  [...new Set(names)].filter((name) => !FORM_FIELDS.includes(name))
