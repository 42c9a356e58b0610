const React = require("react")

module.exports = {
  GatsbyImage: ({ alt }) => React.createElement("img", { alt }),
  getImage: (data) => data ?? undefined,
}
