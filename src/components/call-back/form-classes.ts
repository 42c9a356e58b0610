/**
 * The call-back form's class names, styled by static/call-back.css, which /call-back/ alone links
 * (FORM_STYLESHEET): the form's styles are not inlined into every page, as CSS Modules' are.
 */
export const FORM_STYLESHEET = "/call-back.css"

export const formClasses = {
  form: "call-back-form",
  hours: "call-back-hours",
  field: "call-back-field",
  hint: "call-back-hint",
  error: "call-back-error",
  submit: "call-back-submit",
  phone: "call-back-phone",
} as const
