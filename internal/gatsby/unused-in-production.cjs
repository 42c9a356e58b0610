// Stands in, in the browser bundle of a production build, for three modules of
// Gatsby that never run on this site but that webpack cannot drop, since each
// is required behind a test made in the browser
// (internal/gatsby/on-create-webpack-config.ts):
//  - the browser API of Gatsby's internal partytown plugin: it inserts
//    Partytown's snippet in development only (its onInitialClientRender returns
//    at once in production), yet its require()s brought gatsby-script and the
//    snippet's code into every page; no page uses an off-main-thread <Script>,
//    and with no onInitialClientRender here Gatsby calls nothing in its place;
//  - Gatsby's register-service-worker: loaded only when a plugin asks for a
//    service worker (registerServiceWorker), and none does;
//  - gatsby-plugin-manifest's get-manifest-pathname: used only for a manifest
//    per language (its `localize` option, which gatsby-config.ts does not set;
//    set it, and this stand-in must go).
exports.leftOut = "internal/gatsby/unused-in-production.cjs"
