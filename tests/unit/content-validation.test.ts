import fs from "fs"
import os from "os"
import path from "path"
import type { BrandContent, BusinessContent, CityContent, ServiceContent } from "../../internal/content/model"
import { ContentError, assertValidContent, findContentProblems } from "../../internal/content/validate"
import { validateDataDir } from "../../internal/content/data-dir"
import { DATA_DIR, readData } from "../fixtures/content"

const realFiles = () => ({
  "business.json": readData<BusinessContent>("business.json"),
  "services.json": readData<ServiceContent[]>("services.json"),
  "cities.json": readData<CityContent[]>("cities.json"),
  "brands.json": readData<BrandContent[]>("brands.json"),
  "coupons.json": readData<Record<string, unknown>>("coupons.json"),
  "service-area.json": readData<Record<string, unknown>>("service-area.json"),
})

const fileExists = (relative: string) => fs.existsSync(path.resolve(DATA_DIR, relative))

/** The one message the build stops with, for the given content. */
function messageFor(files: ReturnType<typeof realFiles>): string {
  try {
    assertValidContent(new Map(Object.entries(files)), { fileExists })
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError)
    return (error as Error).message
  }
  throw new Error("expected the content to be rejected")
}

describe("content validation", () => {
  it("accepts the content the site ships", () => {
    expect(findContentProblems(new Map(Object.entries(realFiles())), { fileExists })).toEqual([])
    expect(() => validateDataDir(DATA_DIR)).not.toThrow()
  })

  it("names file, record and field of a missing field", () => {
    const files = realFiles()
    delete (files["cities.json"][2] as Partial<CityContent>).county
    expect(messageFor(files)).toContain(`data/cities.json, record #3 "barrington", field "county": is missing`)
  })

  it("names file, record and field of an empty field", () => {
    const files = realFiles()
    files["services.json"][1].heroTitle = "   "
    expect(messageFor(files)).toContain(`data/services.json, record #2 "dishwasher-repair", field "heroTitle": is empty`)
  })

  it("rejects a duplicate slug", () => {
    const files = realFiles()
    files["cities.json"][5] = { ...files["cities.json"][0] }
    expect(messageFor(files)).toContain(
      `data/cities.json, record #6 "arlington-heights", field "slug": duplicates record 1 ("arlington-heights")`,
    )
  })

  it("rejects a slug that breaks the rule (lowercased name, spaces to hyphens)", () => {
    const files = realFiles()
    files["cities.json"][0].slug = "arlington_heights"
    expect(messageFor(files)).toContain(
      `data/cities.json, record #1 "arlington_heights", field "slug": must be "arlington-heights"`,
    )
  })

  it("rejects a service without exactly 10 problems", () => {
    const files = realFiles()
    files["services.json"][0].commonProblems.pop()
    expect(messageFor(files)).toContain(
      `data/services.json, record #1 "refrigerator-repair", field "commonProblems": must list exactly 10 problems`,
    )
  })

  it("rejects a service without exactly 8 why-choose points", () => {
    const files = realFiles()
    files["services.json"][6].whyChoosePoints.push("One point too many")
    expect(messageFor(files)).toContain(
      `data/services.json, record #7 "washer-repair", field "whyChoosePoints": must list exactly 8 points`,
    )
  })

  it("rejects a malformed phone number", () => {
    const files = realFiles()
    files["business.json"].phone.e164 = "847-555-0142"
    expect(messageFor(files)).toContain(`data/business.json, record "business", field "phone.e164": must be E.164`)
  })

  it("rejects a displayed number that the tel: link would not dial", () => {
    const files = realFiles()
    files["business.json"].phone.display = "(847) 555-0199"
    expect(messageFor(files)).toContain(
      `data/business.json, record "business", field "phone.e164": does not dial the number shown ((847) 555-0199)`,
    )
  })

  it("rejects a map URL off the allowed map host", () => {
    const files = realFiles()
    files["cities.json"][10].mapUrl = "https://maps.example.com/embed?q=Glenview"
    expect(messageFor(files)).toContain(
      `data/cities.json, record #11 "glenview", field "mapUrl": must be an https://www.google.com/maps`,
    )
  })

  it("rejects a home map URL off the allowed map host", () => {
    const files = realFiles()
    files["business.json"].homeMapUrl = "http://www.google.com/maps?q=Buffalo+Grove"
    expect(messageFor(files)).toContain(`data/business.json, record "business", field "homeMapUrl"`)
  })

  it("rejects a ZIP code that is not 5 digits", () => {
    const files = realFiles()
    files["cities.json"][0].zip = "60004, 6005"
    expect(messageFor(files)).toContain(
      `data/cities.json, record #1 "arlington-heights", field "zip": must be 5-digit ZIP codes`,
    )
  })

  it("rejects a coordinate outside the service region", () => {
    const files = realFiles()
    files["cities.json"][3].lat = 40.1164
    expect(messageFor(files)).toContain(
      `data/cities.json, record #4 "barrington-hills", field "lat": lies outside the service region`,
    )
  })

  it("rejects a featured brand whose logo file is missing, naming the brand", () => {
    const files = realFiles()
    files["brands.json"][0].logo = "../src/images/brands/no-such-logo.png"
    expect(messageFor(files)).toContain(
      `data/brands.json, record #1 "lg", field "logo": names ../src/images/brands/no-such-logo.png, which does not exist (brand "LG")`,
    )
  })

  it("rejects a featured brand with no logo at all", () => {
    const files = realFiles()
    delete files["brands.json"][1].logo
    expect(messageFor(files)).toContain(`data/brands.json, record #2 "samsung", field "logo": is missing`)
  })

  it("rejects a coupon code that is empty", () => {
    const files = realFiles()
    ;(files["coupons.json"].offers as Array<{ code: string }>)[1].code = ""
    expect(messageFor(files)).toContain(`data/coupons.json, record offers #2 "$50 OFF Repairs Over $200", field "code": is empty`)
  })

  it("rejects a service radius centred on a town with no record", () => {
    const files = realFiles()
    files["business.json"].serviceRadius.center = "Atlantis, IL"
    expect(messageFor(files)).toContain(
      `data/business.json, record "business", field "serviceRadius.center": names "Atlantis", which has no record`,
    )
  })

  it("stops on a data file that is not valid JSON, naming the file", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-"))
    for (const file of fs.readdirSync(DATA_DIR)) fs.copyFileSync(path.join(DATA_DIR, file), path.join(dir, file))
    fs.writeFileSync(path.join(dir, "coupons.json"), "{ not json")
    expect(() => validateDataDir(dir)).toThrow(/data\/coupons\.json, record \(file\), field "\(file\)": is not valid JSON/)
  })
})
