// @netlify/blobs' own local server, standing in for Netlify Blobs in the function tests
// (tests/blobs-server.ts starts it). A process of its own: the server's dependencies ship
// only ES modules, which jest would have to compile. Usage: node scripts/blobs-server.mjs
// <folder> <token>; prints {"port": …} on one line once listening, stops on SIGTERM.
import { BlobsServer } from "@netlify/blobs/server"

const [directory, token] = process.argv.slice(2)
if (!directory || !token) {
  console.error("usage: node scripts/blobs-server.mjs <folder> <token>")
  process.exit(2)
}
const server = new BlobsServer({ directory, token, logger: () => {} })
const { port } = await server.start()
console.log(JSON.stringify({ port }))
process.once("SIGTERM", () => server.stop().then(() => process.exit(0)))
