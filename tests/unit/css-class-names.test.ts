import { PRODUCTION_CLASS_NAME, shortenCssModuleClassNames } from "../../internal/css-class-names"

const cssLoader = "/project/node_modules/css-loader/dist/cjs.js"

/** The shape of Gatsby 5's CSS rules: a oneOf whose CSS Modules branch and global branch both use css-loader. */
function gatsbyLikeRules() {
  const moduleCss = {
    loader: cssLoader,
    options: { modules: { namedExport: true, localIdentName: "[name]--[local]--[hash:hex:5]" } },
  }
  const globalCss = { loader: cssLoader, options: { modules: false } }
  const postcss = { loader: "/project/node_modules/postcss-loader/dist/cjs.js", options: { modules: {} } }
  const rules = [
    { test: /\.js$/, use: [{ loader: "/project/node_modules/babel-loader/lib/index.js", options: {} }] },
    {
      oneOf: [
        { test: /\.module\.css$/, use: [{ loader: "mini-css-extract-plugin/loader" }, moduleCss, postcss] },
        { test: /\.css$/, use: [{ loader: "mini-css-extract-plugin/loader" }, globalCss, postcss] },
      ],
    },
  ]
  return { rules, moduleCss, globalCss, postcss }
}

describe("short CSS Module class names in production", () => {
  it("names CSS Modules classes by a short hash and counts the loaders it changed", () => {
    const { rules, moduleCss } = gatsbyLikeRules()
    expect(shortenCssModuleClassNames(rules)).toBe(1)
    expect(moduleCss.options.modules.localIdentName).toBe(PRODUCTION_CLASS_NAME)
    expect(moduleCss.options.modules.namedExport).toBe(true)
  })

  it("leaves global CSS and other loaders alone", () => {
    const { rules, globalCss, postcss } = gatsbyLikeRules()
    shortenCssModuleClassNames(rules)
    expect(globalCss.options.modules).toBe(false)
    expect(postcss.options.modules).toEqual({})
  })

  it("reports 0 when a config has no CSS Modules loader, so the build can stop", () => {
    expect(shortenCssModuleClassNames([{ test: /\.js$/, use: [{ loader: "babel-loader" }] }])).toBe(0)
    expect(shortenCssModuleClassNames(undefined)).toBe(0)
  })

  it("walks nested rules", () => {
    const { rules, moduleCss } = gatsbyLikeRules()
    expect(shortenCssModuleClassNames([{ rules }])).toBe(1)
    expect(moduleCss.options.modules.localIdentName).toBe(PRODUCTION_CLASS_NAME)
  })
})
