import type { GatsbyNode } from "gatsby"
import { MAPS_FOLDER } from "../maps/svg-file"
import { currentMapFiles } from "./map-files"

/** The parts of Express's request and response the handler uses. */
interface MapRequest {
  params: { name?: string }
}
interface MapResponse {
  type(contentType: string): MapResponse
  set(header: string, value: string): MapResponse
  send(body: string): void
}

/**
 * `gatsby develop` writes no public/maps/: it serves the map files drawn from
 * the current nodes, so the maps follow every content edit as the pages do.
 */
export const onCreateDevServer: GatsbyNode["onCreateDevServer"] = ({ app, getNodesByType }) => {
  app.get(`/${MAPS_FOLDER}/:name`, (request: MapRequest, response: MapResponse, next: () => void) => {
    const file = currentMapFiles(getNodesByType).find((map) => map.fileName === request.params.name)
    if (!file) {
      next()
      return
    }
    response.type("image/svg+xml").set("Cache-Control", "no-cache").send(file.svg)
  })
}
