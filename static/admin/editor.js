/**
 * The editor's start-up, loaded before the Decap CMS bundle: Decap waits until
 * the formats of data/ are registered (the names and the list field must match
 * FORMAT and LIST_FIELD of internal/cms/editor-config.ts; a unit test checks).
 */
window.CMS_MANUAL_INIT = true

/**
 * Log Out ends the session on the site too, not only in this browser: the access token Decap held is
 * sent to /api/auth/sign-out, which refuses it everywhere from then on. Decap has no logout event (its
 * registerEventListener knows only the entry events), so this relies on what Decap 3's logout does
 * (decap-cms-core's Backend.logout, through its LocalStorageAuthStore): remove the "decap-cms-user" key
 * from localStorage, where it keeps the signed-in user with the token (the key the admin pages and the
 * page for today read the token from too). Whatever removes that key, Decap's Log Out or a failed
 * restore of the user, the token it held goes with it. keepalive: the request outlives the page.
 */
const DECAP_USER_KEY = "decap-cms-user"
const SIGN_OUT_PATH = "/api/auth/sign-out"
const storage = window.Storage && window.Storage.prototype
if (storage && window.localStorage) {
  const removeItem = storage.removeItem
  storage.removeItem = function (key) {
    if (this === window.localStorage && key === DECAP_USER_KEY) {
      let token = ""
      try {
        token = JSON.parse(this.getItem(key) ?? "null")?.token ?? ""
      } catch {
        // Not Decap's JSON: there is no token to end.
      }
      if (typeof token === "string" && token) {
        window
          .fetch(SIGN_OUT_PATH, { method: "POST", headers: { Authorization: `Bearer ${token}` }, keepalive: true })
          .catch(() => undefined)
      }
    }
    return removeItem.call(this, key)
  }
}

/**
 * The link bar's Call-backs link says how many call-back requests are new ("Call-backs: 2 new"), read with the
 * signed-in editor's token from /api/call-backs (netlify/functions/call-back-requests.mts) when the page opens and
 * each minute after (Decap keeps the user once signed in); signed out, or on any refusal, the link says only its name.
 */
const CALL_BACKS_PATH = "/api/call-backs"
async function showCallBackCount(link) {
  let token = ""
  try {
    token = JSON.parse(window.localStorage.getItem(DECAP_USER_KEY) ?? "null")?.token ?? ""
  } catch {
    // Not Decap's JSON: no one is signed in.
  }
  let count
  if (typeof token === "string" && token) {
    try {
      const response = await window.fetch(CALL_BACKS_PATH, {
        headers: { Authorization: `Bearer ${token}` },
        cache: "no-store",
      })
      if (response.ok) count = (await response.json()).requests.filter((request) => !request.called).length
    } catch {
      // The count waits for the next minute.
    }
  }
  link.textContent = count === undefined ? "Call-backs" : `Call-backs: ${count} new`
}

window.addEventListener("DOMContentLoaded", () => {
  const link = window.document && window.document.getElementById("call-backs-link")
  if (!link) return
  showCallBackCount(link)
  window.setInterval(() => showCallBackCount(link), 60_000)
})

/**
 * The business's time zone, in which the site reads every day: the live site's facts (LIVE_FACTS_PATH of
 * src/lib/live-facts.ts, which the page for today reads too) give it. Until they are read, or when they
 * cannot be, the owner's own day stands in.
 */
const LIVE_FACTS_PATH = "/admin/today/live.json"
let shopTimeZone
window
  .fetch(LIVE_FACTS_PATH, { cache: "no-store" })
  .then((response) => (response.ok ? response.json() : null))
  .then((facts) => {
    shopTimeZone = facts?.schedule?.timeZone || undefined
  })
  .catch(() => undefined)

/** Today (YYYY-MM-DD) in the business's time zone. */
const shopToday = () => {
  try {
    return new Date().toLocaleDateString("en-CA", { timeZone: shopTimeZone })
  } catch {
    return new Date().toLocaleDateString("en-CA")
  }
}

/** Stands for today in a field's not_after_today message (TODAY_MARK of internal/cms/editor-config.ts). */
const TODAY_MARK = "{today}"

/**
 * Decap's date picker, which refuses a day after today where the field says so: config.yml's
 * not_after_today, written from the content model's rule (internal/content/model.ts, givenByToday) with
 * the message the build gives. Decap has no latest day of its own; a control's isValid is its way to
 * refuse a value: the field shows the message and nothing is saved.
 */
function refuseDaysAfterToday(CMS) {
  const datetime = CMS.getWidget("datetime")
  if (!datetime) return
  class DayControl extends datetime.control {
    isValid = () => {
      const { field, value, parentIds } = this.props
      const message = field.get("not_after_today")
      if (!message || typeof value !== "string" || !value) return true
      const today = shopToday()
      if (value <= today) return true
      const label = field.get("label", field.get("name"))
      return { error: { type: "CUSTOM", parentIds, message: `${label} ${message.replace(TODAY_MARK, today)}` } }
    }
  }
  CMS.registerWidget("datetime", DayControl, datetime.preview, datetime.schema)
}

window.addEventListener("DOMContentLoaded", () => {
  const { CMS } = window
  refuseDaysAfterToday(CMS)
  /** JSON as the repository keeps it: two-space indent and a final newline, so a diff shows only the edit. */
  const toText = (value) => `${JSON.stringify(value, null, 2)}\n`
  CMS.registerCustomFormat("json-file", "json", {
    fromFile: (text) => JSON.parse(text),
    toFile: (data) => toText(data),
  })
  // Decap edits objects only: a file whose root is a list (brands.json) becomes the list field "records".
  CMS.registerCustomFormat("json-list", "json", {
    fromFile: (text) => ({ records: JSON.parse(text) }),
    toFile: (data) => toText(data.records ?? []),
  })
  // The content model's rule (internal/content/model.ts, aCurrentCoupon), said before the owner saves:
  // each list of coupons keeps one that has not expired. The build refuses it too, on the day it runs in
  // the shop's time zone; here "today" is the owner's own day (YYYY-MM-DD).
  const COUPON_LISTS = { homeCoupons: "home page coupon", offers: "coupons page offer" }
  CMS.registerEventListener({
    name: "preSave",
    handler: ({ entry }) => {
      if (entry.get("collection") !== "coupons") return
      const data = entry.get("data").toJS()
      const today = new Date().toLocaleDateString("en-CA")
      for (const [list, noun] of Object.entries(COUPON_LISTS)) {
        const coupons = data[list] ?? []
        if (coupons.length && coupons.every((coupon) => coupon.expires && coupon.expires < today)) {
          throw new Error(
            `Every ${noun} has expired: keep at least one current (a later expiry date, or none), or add one.`,
          )
        }
      }
    },
  })
  CMS.init()
})
