/**
 * The element that closes a page's first screen: the header, the notice and the sections on the
 * page's first screen (`firstScreen` of <Layout>). gatsby-ssr.tsx holds Chromium's first paint
 * until it is parsed (`<link rel="expect" blocking="render">`), and no longer: the rest of the page
 * comes below it, so parsing it later moves nothing already painted.
 */
export const FIRST_SCREEN_END_ID = "first-screen-end"
