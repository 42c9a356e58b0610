import fs from "fs"
import os from "os"
import path from "path"
import {
  PRODUCTION_CLASS_NAME,
  classNameTable,
  classTableVersion,
  classSelectors,
  localIdentFrom,
  shortClassName,
  shortenCssModuleClassNames,
} from "../../internal/css-class-names"

/** A src/ of two CSS Modules, in a folder of its own. */
function moduleTree() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "class-names-"))
  fs.mkdirSync(path.join(dir, "components"))
  fs.writeFileSync(
    path.join(dir, "components", "card.module.css"),
    `/* .commented { } */\n.card { padding: 0.5rem; background: url("a.b.png") }\n.card > .title:hover { margin: .25rem }\n`,
  )
  fs.writeFileSync(
    path.join(dir, "button.module.css"),
    ".button { color: red }\n@media (min-width: 48rem) { .button { color: blue } }\n",
  )
  fs.writeFileSync(path.join(dir, "global.css"), ".ignored { }\n")
  return dir
}

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
  it("gives every CSS Modules loader the short names (a short hash for a class not listed) and counts the loaders it changed", () => {
    const { rules, moduleCss } = gatsbyLikeRules()
    expect(shortenCssModuleClassNames(rules, moduleTree())).toBe(1)
    expect(moduleCss.options.modules.localIdentName).toBe(PRODUCTION_CLASS_NAME)
    expect(moduleCss.options.modules.namedExport).toBe(true)
    expect(typeof (moduleCss.options.modules as { getLocalIdent?: unknown }).getLocalIdent).toBe("function")
  })

  it("leaves global CSS and other loaders alone", () => {
    const { rules, globalCss, postcss } = gatsbyLikeRules()
    shortenCssModuleClassNames(rules, moduleTree())
    expect(globalCss.options.modules).toBe(false)
    expect(postcss.options.modules).toEqual({})
  })

  it("reports 0 when a config has no CSS Modules loader, so the build can stop", () => {
    const dir = moduleTree()
    expect(shortenCssModuleClassNames([{ test: /\.js$/, use: [{ loader: "babel-loader" }] }], dir)).toBe(0)
    expect(shortenCssModuleClassNames(undefined, dir)).toBe(0)
  })

  it("walks nested rules", () => {
    const { rules, moduleCss } = gatsbyLikeRules()
    expect(shortenCssModuleClassNames([{ rules }], moduleTree())).toBe(1)
    expect(moduleCss.options.modules.localIdentName).toBe(PRODUCTION_CLASS_NAME)
  })

  it("reads a stylesheet's classes, not its numbers, comments, strings or addresses", () => {
    expect(
      classSelectors(
        `/* .no */ .a-b { margin: .5rem 1.25em } .c_d:hover > .e { background: url(x.f.png); content: ".g" }`,
      ),
    ).toEqual(["a-b", "c_d", "e"])
  })

  it("names each listed class by its place in one sorted list: one or two characters, all different", () => {
    const names = Array.from({ length: 52 + 52 * 64 }, (_, index) => shortClassName(index))
    expect(names.slice(0, 3)).toEqual(["a", "b", "c"])
    expect(names[51]).toBe("Z")
    expect(names.slice(0, 52).every((name) => name.length === 1)).toBe(true)
    expect(names.slice(52).every((name) => name.length === 2 && /^[a-zA-Z]/.test(name))).toBe(true)
    expect(new Set(names).size).toBe(names.length)
  })

  it("lists every class of every CSS Module under src/ by file and class, and only those", () => {
    const dir = moduleTree()
    expect([...classNameTable(dir)]).toEqual([
      ["button.module.css|button", "a"],
      ["components/card.module.css|card", "b"],
      ["components/card.module.css|title", "c"],
    ])
    const name = localIdentFrom(dir)
    expect(
      name({ resourcePath: path.join(dir, "components", "card.module.css") }, PRODUCTION_CLASS_NAME, "title"),
    ).toBe("c")
    // Not listed (another folder, another class): css-loader's own short hash, longer than any listed name.
    expect(name({ resourcePath: "/elsewhere/x.module.css" }, PRODUCTION_CLASS_NAME, "card")).toBeUndefined()
  })
})

describe("the class table's version, which webpack's persistent cache is kept under", () => {
  it("changes when a class is added to any module, and only then", () => {
    const src = fs.mkdtempSync(path.join(os.tmpdir(), "class-table-"))
    try {
      fs.writeFileSync(path.join(src, "a.module.css"), ".alpha { color: red }\n")
      fs.writeFileSync(path.join(src, "b.module.css"), ".beta { color: blue }\n")
      const before = classTableVersion(src)
      fs.writeFileSync(path.join(src, "b.module.css"), ".beta { color: green }\n")
      expect(classTableVersion(src)).toBe(before)
      fs.writeFileSync(path.join(src, "a.module.css"), ".alpha { color: red }\n.added { margin: 0 }\n")
      expect(classTableVersion(src)).not.toBe(before)
    } finally {
      fs.rmSync(src, { recursive: true, force: true })
    }
  })
})
