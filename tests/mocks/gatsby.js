// The parts of Gatsby components use, as Gatsby's unit-testing guide mocks them.
const React = require("react")

module.exports = {
  graphql: jest.fn(),
  Link: jest.fn().mockImplementation(
    // Drop Gatsby-only props so they don't reach the DOM.
    ({ activeClassName, activeStyle, getProps, innerRef, partiallyActive, replace, to, ...rest }) =>
      React.createElement("a", { ...rest, href: to }),
  ),
  navigate: jest.fn(),
  StaticQuery: jest.fn(),
  useStaticQuery: jest.fn(),
}
