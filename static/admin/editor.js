/**
 * The editor's start-up, loaded before the Decap CMS bundle: Decap waits until
 * the formats of data/ are registered (the names and the list field must match
 * FORMAT and LIST_FIELD of internal/cms/editor-config.ts; a unit test checks).
 */
window.CMS_MANUAL_INIT = true

window.addEventListener("DOMContentLoaded", () => {
  const { CMS } = window
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
  CMS.init()
})
