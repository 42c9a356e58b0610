import { chunkMapFileName, withChunkMapFile } from "../../internal/chunk-map-file"

const MAP = '/*<![CDATA[*/window.___chunkMapping="{\\"app\\":[\\"/app-1.js\\"]}";/*]]>*/'

describe("Gatsby's chunk map, moved into a file", () => {
  it("replaces the inline script with one that loads the file, named by its content", () => {
    const page = `<template><script id="gatsby-chunk-mapping">${MAP}</script><script src="/app-1.js"></script></template>`
    const { html, file } = withChunkMapFile(page)
    expect(file).toEqual({ name: chunkMapFileName(MAP), body: MAP })
    expect(file?.name).toMatch(/^chunk-map-[0-9a-f]{20}\.js$/)
    expect(html).toBe(
      `<template><script id="gatsby-chunk-mapping" src="/${file?.name}"></script><script src="/app-1.js"></script></template>`,
    )
  })

  it("names another map another file, and leaves a page without one as it is", () => {
    expect(chunkMapFileName(MAP)).not.toBe(chunkMapFileName(MAP.replace("app-1", "app-2")))
    expect(withChunkMapFile("<p>no scripts</p>")).toEqual({ html: "<p>no scripts</p>" })
  })
})
