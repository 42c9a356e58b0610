// Each Gatsby Node API lives in its own typed module under internal/gatsby/.
export { onPreBootstrap } from "./internal/gatsby/on-pre-bootstrap"
export { onCreateNode } from "./internal/gatsby/on-create-node"
export { createSchemaCustomization } from "./internal/gatsby/create-schema-customization"
export { createResolvers } from "./internal/gatsby/create-resolvers"
export { createPages } from "./internal/gatsby/create-pages"
export { onCreateWebpackConfig } from "./internal/gatsby/on-create-webpack-config"
export { onPostBuild } from "./internal/gatsby/on-post-build"
export { onCreateDevServer } from "./internal/gatsby/on-create-dev-server"
