/**
 * The pages the call-back function answers a form sent without script with:
 * the thanks (when we will call), and the form again, filled as sent, with
 * each problem at its field and a fresh signed render time, to check and send
 * (internal/call-backs/form-token.ts). Built as text from escaped values only;
 * their own policy allows their one inline style (by its hash) and a post to
 * the site itself, nothing else; never indexed, never cached, never framed.
 */
import { createHash } from "crypto"
import {
  BEST_TIMES,
  CALL_BACK_ENDPOINT,
  FIELD_DECLARATIONS,
  HONEYPOT_FIELD,
  TOKEN_FIELD,
  townChoices,
  type FieldProblems,
  type RequestField,
} from "../../src/lib/call-back-request"
import { capitalize } from "../../src/lib/phrases"
import { CALL_BACK_PATH } from "../../src/lib/routes"
import type { CallBacksSite } from "./site-file"

const escape = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  )

/** The site's colours and spacing, as src/styles/ declares them, in a few lines: the page is one file. */
const STYLE = `
:root{--brand:#0b4a8b;--text:#1a1a1a;--muted:#4a4a4a;--error:#a4161a;--border:#8a8a8a;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--text);line-height:1.5}
body{margin:0;padding:1rem;max-width:40rem;margin-inline:auto;overflow-wrap:anywhere}
h1{color:var(--brand);font-size:1.5rem;line-height:1.25}
a{color:var(--brand)}
.phone{white-space:nowrap}
.field{margin:0 0 1rem;display:flex;flex-direction:column;gap:.25rem}
label{font-weight:600}
input,select,textarea{font:inherit;padding:.5rem;border:1px solid var(--border);border-radius:4px;min-height:2.75rem;box-sizing:border-box;max-width:100%}
textarea{min-height:6rem}
.hint{color:var(--muted);font-size:.9rem;margin:0}
.error{color:var(--error);font-weight:600;margin:0}
.honeypot{position:absolute;left:-100vw;width:1px;height:1px;overflow:hidden}
button{font:inherit;font-weight:700;color:#fff;background:var(--brand);border:0;border-radius:4px;padding:.75rem 1.25rem;min-height:2.75rem;cursor:pointer}
`.trim()

const STYLE_HASH = `'sha256-${createHash("sha256").update(STYLE, "utf8").digest("base64")}'`

/** The answer pages' headers: their own policy, and nothing kept or indexed. */
export const ANSWER_HEADERS: Readonly<Record<string, string>> = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy": [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    "img-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; "),
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  // Not no-referrer: with it a browser sends `Origin: null` with the form's POST, which the function refuses.
  "Referrer-Policy": "same-origin",
}

function page(title: string, site: CallBacksSite, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)} | ${escape(site.siteName)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`
}

const phoneLink = (site: CallBacksSite): string =>
  `<a class="phone" href="tel:${escape(site.phone.e164)}">${escape(site.phone.display)}</a>`

/** The thanks: the same words whether the request was kept or dropped as spam. */
export function thanksPage(site: CallBacksSite, when: string, phone: string): string {
  return page(
    "We will call you back",
    site,
    `<h1>Thank you: we will call you back</h1>
<p>${escape(when)}</p>
<p>We will call <span class="phone">${escape(phone)}</span>. If it cannot wait, call us at ${phoneLink(site)}.</p>
<p><a href="/">Back to the home page</a></p>`,
  )
}

const errorId = (field: RequestField) => `${field}-error`

function field(name: RequestField, control: (describedBy: string) => string, problems: FieldProblems): string {
  const { label, hint } = FIELD_DECLARATIONS[name]
  const problem = problems[name]
  const ids = [hint ? `${name}-hint` : "", problem ? errorId(name) : ""].filter(Boolean).join(" ")
  const describedBy = ids ? ` aria-describedby="${ids}"${problem ? ' aria-invalid="true"' : ""}` : ""
  return `<div class="field">
<label for="${name}">${escape(label)}</label>
${hint ? `<p class="hint" id="${name}-hint">${escape(hint)}</p>` : ""}
${problem ? `<p class="error" id="${errorId(name)}">${escape(problem)}</p>` : ""}
${control(describedBy)}
</div>`
}

const options = (choices: readonly string[], chosen: string | undefined, placeholder: string): string =>
  [`<option value="">${escape(placeholder)}</option>`]
    .concat(choices.map((choice) => `<option${choice === chosen ? " selected" : ""}>${escape(choice)}</option>`))
    .join("")

/** The best times, each labelled as the page's form labels it ("Morning"), the one sent chosen. */
const timeOptions = (chosen: string | undefined): string =>
  [`<option value="">Choose a time</option>`]
    .concat(
      BEST_TIMES.map(
        (time) => `<option value="${time}"${time === chosen ? " selected" : ""}>${capitalize(time)}</option>`,
      ),
    )
    .join("")

/**
 * The form again, as sent: each problem at its field, the phone as we read it, and a fresh signed render time.
 * `intro` says why it is shown: a problem to mend, or a last look before sending.
 */
export function formPage(
  site: CallBacksSite,
  values: Readonly<Record<string, string | undefined>>,
  problems: FieldProblems,
  token: string,
  intro: string,
): string {
  const value = (name: RequestField) => escape(values[name] ?? "")
  const count = Object.keys(problems).length
  return page(
    count ? "Mend your call-back request" : "Check your call-back request",
    site,
    `<h1>${count ? "Mend your call-back request" : "Check your call-back request"}</h1>
<p>${escape(intro)}</p>
<form method="post" action="${CALL_BACK_ENDPOINT}" novalidate>
<input type="hidden" name="${TOKEN_FIELD}" value="${escape(token)}">
${field("name", (d) => `<input id="name" name="name" autocomplete="name" required value="${value("name")}"${d}>`, problems)}
${field("phone", (d) => `<input id="phone" name="phone" type="tel" autocomplete="tel" required value="${value("phone")}"${d}>`, problems)}
${field("town", (d) => `<select id="town" name="town" required${d}>${options(townChoices(site), values.town, "Choose your town")}</select>`, problems)}
${field("appliance", (d) => `<select id="appliance" name="appliance" required${d}>${options(site.appliances, values.appliance, "Choose the appliance")}</select>`, problems)}
${field("note", (d) => `<textarea id="note" name="note" maxlength="${FIELD_DECLARATIONS.note.max}"${d}>${value("note")}</textarea>`, problems)}
${field("bestTime", (d) => `<select id="bestTime" name="bestTime" required${d}>${timeOptions(values.bestTime)}</select>`, problems)}
<div class="honeypot" aria-hidden="true"><label for="${HONEYPOT_FIELD}">Leave this empty</label><input id="${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></div>
<button type="submit">Send my request</button>
</form>
<p>Or call us at ${phoneLink(site)}.</p>`,
  )
}

/** A request refused whole (another site's, too large, a field the form has not): nothing kept. */
export function refusedPage(site: CallBacksSite): string {
  return page(
    "Request not sent",
    site,
    `<h1>Your request was not sent</h1>
<p>It could not be read as our form sends it. Please <a href="${CALL_BACK_PATH}">fill in the form again</a>, or call us at ${phoneLink(site)}.</p>`,
  )
}
