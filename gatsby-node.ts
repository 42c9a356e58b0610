// Each Gatsby Node API lives in its own typed module under src/node/.
export { onPreBootstrap } from "./src/node/validate-content"
export { createSchemaCustomization, createResolvers } from "./src/node/schema"
export { createPages } from "./src/node/create-pages"
export { onPostBuild } from "./src/node/post-build"
