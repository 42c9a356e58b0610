/**
 * The call-back request's lengths, apart from its declaration (src/lib/call-back-request.ts) so that the privacy
 * note can state them without carrying the form's code into its page's script.
 */
export const NAME_MAX = 100
export const NOTE_MAX = 500
