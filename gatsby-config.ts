import type { GatsbyConfig } from "gatsby"
import fs from "fs"
import { resolveSiteUrl } from "./src/lib/site-url"
import { THEME_COLOR } from "./src/lib/theme"
import { siteNameOf } from "./src/lib/site-name"
import { jsonTypeName } from "./internal/content/model"
import { netlifyAdapter } from "./internal/gatsby/netlify-adapter"
import { sitemapPluginOptions } from "./internal/gatsby/sitemap-options"
import { callBacksOn } from "./internal/call-backs/setting"

const siteUrl = resolveSiteUrl()
// The brand lives in data/business.json only; the web app manifest reads it from there.
const business = JSON.parse(fs.readFileSync("./data/business.json", "utf8")) as { brand: string }
const siteName = siteNameOf(business.brand)

const config: GatsbyConfig = {
  siteMetadata: {
    siteUrl,
    // CALL_BACKS=off: no page carries the call-back form, its link or its line (internal/call-backs/setting.ts).
    callBacks: callBacksOn((name) => process.env[name]),
  },
  trailingSlash: "always",
  // Every build writes public/_headers and public/_redirects as Netlify serves them.
  adapter: netlifyAdapter(),
  graphqlTypegen: {
    typesOutputPath: "src/gatsby-types.d.ts",
    generateOnBuild: true,
  },
  plugins: [
    {
      resolve: "gatsby-source-filesystem",
      // One small file per town: identify each version by mtime and inode instead of
      // hashing its content (sourcing 10,000 towns took ~40% less time in bench:scale).
      options: { name: "data", path: "./data/", fastHash: true },
    },
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "images", path: "./src/images/" },
    },
    {
      resolve: "gatsby-transformer-json",
      options: { typeName: jsonTypeName },
    },
    "gatsby-plugin-image",
    "gatsby-plugin-sharp",
    "gatsby-transformer-sharp",
    // Each URL with its lastmod, read from its page's built HTML (internal/gatsby/sitemap-options.ts).
    { resolve: "gatsby-plugin-sitemap", options: sitemapPluginOptions() },
    {
      resolve: "gatsby-plugin-manifest",
      options: {
        name: siteName,
        short_name: business.brand,
        start_url: "/",
        background_color: "#ffffff",
        theme_color: THEME_COLOR,
        display: "standalone",
        icon: "src/images/icon.png",
        // SeoHead links one apple-touch-icon; the legacy option would add eight to every page.
        legacy: false,
        cache_busting_mode: "none",
        theme_color_in_head: false,
      },
    },
  ],
}

export default config
