import * as React from "react"

interface HtmlProps {
  htmlAttributes: React.HtmlHTMLAttributes<HTMLHtmlElement>
  headComponents: React.ReactNode
  bodyAttributes: React.HTMLAttributes<HTMLBodyElement>
  preBodyComponents: React.ReactNode
  body: string
  postBodyComponents: React.ReactNode
}

/**
 * Gatsby's own page shell (gatsby/cache-dir/default-html.js) without two tags
 * of the past that every page carried in its first round trip: the
 * `x-ua-compatible` meta (for Internet Explorer) and the viewport's
 * `shrink-to-fit=no` (for iOS 9's Safari).
 */
export default function HTML(props: HtmlProps) {
  return (
    // lang="en" comes in htmlAttributes (gatsby-ssr.tsx, setHtmlAttributes).
    // eslint-disable-next-line jsx-a11y/html-has-lang
    <html {...props.htmlAttributes}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {props.headComponents}
      </head>
      <body {...props.bodyAttributes}>
        {props.preBodyComponents}
        <div key="body" id="___gatsby" dangerouslySetInnerHTML={{ __html: props.body }} />
        {props.postBodyComponents}
      </body>
    </html>
  )
}
