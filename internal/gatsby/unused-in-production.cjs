// Stands in, in the browser bundle of a production build, for two modules of
// Gatsby that never run on this site but that webpack cannot drop, since each
// is required behind a test made in the browser
// (internal/gatsby/on-create-webpack-config.ts):
//  - @builder.io/partytown/integration: Gatsby's partytown plugin inserts
//    Partytown's snippet in development only (its gatsby-browser.js returns at
//    once in production); no page uses an off-main-thread <Script>;
//  - Gatsby's register-service-worker: loaded only when a plugin asks for a
//    service worker (registerServiceWorker), and none does;
//  - gatsby-plugin-manifest's get-manifest-pathname: used only for a manifest
//    per language (its `localize` option, which gatsby-config.ts does not set;
//    set it, and this stand-in must go).
// Together 1.3 KB of the home page's first-load JavaScript (gzip).
exports.partytownSnippet = () => {
  throw new Error("Partytown is left out of production builds (internal/gatsby/unused-in-production.cjs)")
}
