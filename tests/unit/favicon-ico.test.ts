import { icoOfPng } from "../../internal/favicon-ico"

/** A minimal PNG: its signature and an IHDR of `width`×`height` (the header is all icoOfPng reads). */
function pngHeader(width: number, height: number): Buffer {
  const png = Buffer.alloc(33)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png, 0)
  png.writeUInt32BE(13, 8)
  png.write("IHDR", 12, "latin1")
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  return png
}

describe("/favicon.ico from the pages' PNG icon", () => {
  it("is an ICO of one 32-bit image of the PNG's size, the PNG stored whole after the directory", () => {
    const png = pngHeader(32, 32)
    const ico = icoOfPng(png)
    expect([...ico.subarray(0, 22)]).toEqual([
      0,
      0,
      1,
      0,
      1,
      0,
      32,
      32,
      0,
      0,
      1,
      0,
      32,
      0,
      ...[png.length, 0, 0, 0],
      ...[22, 0, 0, 0],
    ])
    expect(ico.subarray(22).equals(png)).toBe(true)
  })

  it("writes a 256 px side as 0, as the format says", () => {
    const ico = icoOfPng(pngHeader(256, 256))
    expect([ico.readUInt8(6), ico.readUInt8(7)]).toEqual([0, 0])
  })

  it("refuses what an ICO cannot hold or is not a PNG, naming why", () => {
    expect(() => icoOfPng(pngHeader(512, 512))).toThrow("at most 256 px a side, not 512×512")
    expect(() => icoOfPng(Buffer.from("GIF89a and more bytes than twenty-four"))).toThrow("not a PNG")
  })
})
