/** @jest-environment node */
import fs from "fs"
import path from "path"
import { configYaml } from "../../internal/cms/admin-files"
import { editorBackend } from "../../internal/cms/backend"
import { editorConfig } from "../../internal/cms/editor-config"
import { CONTENT_TYPES } from "../../internal/content/model"
import { typeDefinitions } from "../../internal/gatsby/create-schema-customization"
import { DEFAULT_SITE_URL } from "../../src/lib/site-url"

/**
 * What the build derives from the content model, committed so that a reader
 * sees it without building and a review sees every change to it:
 *  - internal/content/schema.graphql: the GraphQL types createSchemaCustomization declares;
 *  - internal/cms/config.yml: the editor's config.yml, as a build with no repository
 *    configured writes it (a deploy names its repository and site; the rest is the same).
 * A change to the model fails here until `npm run golden` rewrites the files.
 */
const ROOT = path.resolve(__dirname, "../..")
export const GOLDEN = {
  schema: path.join(ROOT, "internal/content/schema.graphql"),
  editorConfig: path.join(ROOT, "internal/cms/config.yml"),
}

const generated = {
  schema: `# Generated from internal/content/model.ts and internal/content/computed.ts by \`npm run golden\`: do not edit.\n${typeDefinitions()}\n`,
  editorConfig: configYaml(editorConfig(CONTENT_TYPES, editorBackend({}, DEFAULT_SITE_URL))),
}

describe.each(Object.keys(GOLDEN) as Array<keyof typeof GOLDEN>)("golden file %s", (name) => {
  it(`${path.relative(ROOT, GOLDEN[name])} holds what the build derives from the content model`, () => {
    if (process.env.UPDATE_GOLDEN) fs.writeFileSync(GOLDEN[name], generated[name])
    const committed = fs.existsSync(GOLDEN[name]) ? fs.readFileSync(GOLDEN[name], "utf8") : ""
    // A difference is a change of the model: review it, then run `npm run golden` and commit the file.
    expect(generated[name]).toBe(committed)
  })
})
