import fs from "fs"
import os from "os"
import path from "path"
import {
  TOWN_PARAGRAPH_WORDS,
  type BrandContent,
  type BusinessContent,
  type CityContent,
  type CouponBookContent,
  type SiteNoticeContent,
  type ServiceContent,
} from "../../internal/content/model"
import {
  ContentError,
  assertValidContent,
  findContentProblems,
  type ContentFiles,
} from "../../internal/content/validate"
import { readContentFiles, validateDataDir } from "../../internal/content/data-dir"
import { DATA_DIR } from "../fixtures/content"

/** The shipped content, read fresh: a Map from data/ path to parsed JSON, with typed views to mutate. */
function realFiles() {
  const files = readContentFiles(DATA_DIR)
  const record = <T>(relative: string): T => {
    const data = files.get(relative)
    if (!data) throw new Error(`no data/${relative}`)
    return data as T
  }
  return {
    files,
    business: record<BusinessContent>("business.json"),
    city: (slug: string) => record<CityContent>(`cities/${slug}.json`),
    service: (slug: string) => record<ServiceContent>(`services/${slug}.json`),
    brands: record<BrandContent[]>("brands.json"),
    coupons: record<CouponBookContent>("coupons.json"),
    notice: record<SiteNoticeContent>("notice.json"),
  }
}

const fileExists = (relative: string) => fs.existsSync(path.resolve(DATA_DIR, relative))

/** The one message the build stops with, for the given content. */
function messageFor(files: ContentFiles): string {
  try {
    assertValidContent(files, { fileExists })
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError)
    return (error as Error).message
  }
  throw new Error("expected the content to be rejected")
}

describe("content validation", () => {
  it("accepts the content the site ships", () => {
    expect(findContentProblems(realFiles().files, { fileExists })).toEqual([])
    expect(() => validateDataDir(DATA_DIR)).not.toThrow()
  })

  it("names file, record and field of a missing field", () => {
    const { files, city } = realFiles()
    delete (city("barrington") as Partial<CityContent>).localParagraph
    expect(messageFor(files)).toContain(
      `data/cities/barrington.json, record "barrington", field "localParagraph": is missing`,
    )
  })

  it("names file, record and field of an empty field", () => {
    const { files, service } = realFiles()
    service("dishwasher-repair").heroTitle = "   "
    expect(messageFor(files)).toContain(
      `data/services/dishwasher-repair.json, record "dishwasher-repair", field "heroTitle": is empty`,
    )
  })

  it("rejects a duplicate slug", () => {
    const { files, city } = realFiles()
    files.set("cities/arlington-heights-copy.json", { ...city("arlington-heights") })
    expect(messageFor(files)).toContain(
      `data/cities/arlington-heights-copy.json, record "arlington-heights", field "slug": duplicates data/cities/arlington-heights.json ("arlington-heights")`,
    )
  })

  it("rejects a slug that breaks the rule (lowercased name, spaces to hyphens)", () => {
    const { files, city } = realFiles()
    city("arlington-heights").slug = "arlington_heights"
    expect(messageFor(files)).toContain(
      `data/cities/arlington-heights.json, record "arlington_heights", field "slug": must be "arlington-heights"`,
    )
  })

  it("rejects a service without exactly 10 problems", () => {
    const { files, service } = realFiles()
    service("refrigerator-repair").commonProblems.pop()
    expect(messageFor(files)).toContain(
      `data/services/refrigerator-repair.json, record "refrigerator-repair", field "commonProblems": must list exactly 10 problems`,
    )
  })

  it("rejects a service without exactly 8 why-choose points", () => {
    const { files, service } = realFiles()
    service("washer-repair").whyChoosePoints.push("One point too many")
    expect(messageFor(files)).toContain(
      `data/services/washer-repair.json, record "washer-repair", field "whyChoosePoints": must list exactly 8 points`,
    )
  })

  it("rejects a malformed phone number", () => {
    const { files, business } = realFiles()
    business.phone.e164 = "847-555-0142"
    expect(messageFor(files)).toContain(`data/business.json, record "business", field "phone.e164": must be E.164`)
  })

  it("rejects a displayed number that the tel: link would not dial", () => {
    const { files, business } = realFiles()
    business.phone.display = "(847) 555-0199"
    expect(messageFor(files)).toContain(
      `data/business.json, record "business", field "phone.e164": does not dial the number shown ((847) 555-0199)`,
    )
  })

  it("rejects a map URL off the allowed map host", () => {
    const { files, city } = realFiles()
    city("glenview").mapUrl = "https://maps.example.com/embed?q=Glenview"
    expect(messageFor(files)).toContain(
      `data/cities/glenview.json, record "glenview", field "mapUrl": must be an https://www.google.com/maps`,
    )
  })

  it("rejects a home map URL off the allowed map host", () => {
    const { files, business } = realFiles()
    business.homeMapUrl = "http://www.google.com/maps?q=Buffalo+Grove"
    expect(messageFor(files)).toContain(`data/business.json, record "business", field "homeMapUrl"`)
  })

  it("rejects a ZIP code that is not 5 digits", () => {
    const { files, city } = realFiles()
    city("arlington-heights").zip = "60004, 6005"
    expect(messageFor(files)).toContain(
      `data/cities/arlington-heights.json, record "arlington-heights", field "zip": must be 5-digit ZIP codes`,
    )
  })

  it("rejects a coordinate outside the service region", () => {
    const { files, city } = realFiles()
    city("barrington-hills").lat = 40.1164
    expect(messageFor(files)).toContain(
      `data/cities/barrington-hills.json, record "barrington-hills", field "lat": lies outside the service region: ` +
        `142 miles from Buffalo Grove, IL (data/cities/buffalo-grove.json), more than the 20-mile service radius plus a 5-mile margin`,
    )
  })

  it("names the longitude when it is the one that is off, e.g. a dropped minus sign", () => {
    const { files, city, business } = realFiles()
    city("skokie").lng = 87.7334
    business.geo.lng = -86.9
    const message = messageFor(files)
    expect(message).toContain(`data/cities/skokie.json, record "skokie", field "lng": lies outside the service region`)
    expect(message).toContain(`data/business.json, record "business", field "geo.lng": lies outside the service region`)
  })

  it("measures the region from the business's own radius: a smaller radius leaves far towns out", () => {
    const { files, business } = realFiles()
    business.serviceRadius.miles = 10
    const message = messageFor(files)
    expect(message).toContain(
      `data/cities/fox-lake.json, record "fox-lake", field "lat": lies outside the service region`,
    )
    expect(message).not.toContain(`data/cities/wheeling.json`)
  })

  it("serves another region by editing data alone", () => {
    const { files, business, city } = realFiles()
    const template = city("buffalo-grove")
    const anotherParagraph = city("skokie").localParagraph
    for (const relative of Array.from(files.keys())) if (relative.startsWith("cities/")) files.delete(relative)
    const denver = { ...template, name: "Denver", slug: "denver", county: "Denver", lat: 39.7392, lng: -104.9903 }
    const aurora = {
      ...denver,
      name: "Aurora",
      slug: "aurora",
      county: "Arapahoe, Adams",
      lat: 39.7294,
      lng: -104.8319,
      localParagraph: anotherParagraph,
    }
    files.set("cities/denver.json", denver)
    files.set("cities/aurora.json", aurora)
    business.serviceRadius = { miles: 15, center: "Denver, CO", areaName: "Denver metro area" }
    business.geo = { lat: 39.75, lng: -104.95 }
    business.address = { ...business.address, city: "Denver", region: "CO" }
    expect(findContentProblems(files, { fileExists })).toEqual([])
  })

  it("rejects a featured brand whose logo file is missing, naming the brand", () => {
    const { files, brands } = realFiles()
    brands[0].logo = "../src/images/brands/no-such-logo.png"
    expect(messageFor(files)).toContain(
      `data/brands.json, record #1 "lg", field "logo": names ../src/images/brands/no-such-logo.png, which does not exist (brand "LG")`,
    )
  })

  it("rejects a featured brand with no logo at all", () => {
    const { files, brands } = realFiles()
    delete brands[1].logo
    expect(messageFor(files)).toContain(`data/brands.json, record #2 "samsung", field "logo": is missing`)
  })

  it("rejects a coupon code that is empty", () => {
    const { files, coupons } = realFiles()
    ;(coupons.offers as Array<{ code: string }>)[1].code = ""
    expect(messageFor(files)).toContain(
      `data/coupons.json, record offers #2 "$50 OFF Repairs Over $200", field "code": is empty`,
    )
  })

  it("rejects a service radius centred on a town with no record", () => {
    const { files, business } = realFiles()
    business.serviceRadius.center = "Atlantis, IL"
    expect(messageFor(files)).toContain(
      `data/business.json, record "business", field "serviceRadius.center": names "Atlantis", which has no record`,
    )
  })

  it("stops on a data file that is not valid JSON, naming the file", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-"))
    fs.cpSync(DATA_DIR, dir, { recursive: true })
    fs.writeFileSync(path.join(dir, "cities", "glencoe.json"), "{ not json")
    expect(() => validateDataDir(dir)).toThrow(
      /data\/cities\/glencoe\.json, record \(file\), field "\(file\)": is not valid JSON/,
    )
  })

  it("rejects a town whose slug is not its file's name", () => {
    const { files, city } = realFiles()
    const glencoe = city("glencoe")
    files.delete("cities/glencoe.json")
    files.set("cities/glencoe-il.json", glencoe)
    expect(messageFor(files)).toContain(
      `data/cities/glencoe-il.json, record "glencoe", field "slug": must equal the file's name, "glencoe-il"`,
    )
  })

  it("rejects a field the model does not declare, naming it", () => {
    const { files, city } = realFiles()
    ;(city("skokie") as Record<string, unknown>).conty = "Cook"
    expect(messageFor(files)).toContain(
      `data/cities/skokie.json, record "skokie", field "conty": is not a field of this record`,
    )
  })

  it("rejects a town paragraph shorter or longer than the model allows, giving its count", () => {
    const { files, city } = realFiles()
    city("glencoe").localParagraph = "Glencoe sits on the lake."
    city("skokie").localParagraph = Array.from({ length: TOWN_PARAGRAPH_WORDS.max + 1 }, () => "word").join(" ")
    const message = messageFor(files)
    expect(message).toContain(
      `data/cities/glencoe.json, record "glencoe", field "localParagraph": must be ${TOWN_PARAGRAPH_WORDS.min} to ${TOWN_PARAGRAPH_WORDS.max} words; it has 5`,
    )
    expect(message).toContain(
      `data/cities/skokie.json, record "skokie", field "localParagraph": must be ${TOWN_PARAGRAPH_WORDS.min} to ${TOWN_PARAGRAPH_WORDS.max} words; it has ${TOWN_PARAGRAPH_WORDS.max + 1}`,
    )
  })

  it("rejects two towns with the same paragraph", () => {
    const { files, city } = realFiles()
    city("wilmette").localParagraph = city("kenilworth").localParagraph
    expect(messageFor(files)).toContain(
      `data/cities/wilmette.json, record "wilmette", field "localParagraph": is the same text as data/cities/kenilworth.json`,
    )
  })

  it("rejects a data file no content type declares", () => {
    const { files } = realFiles()
    files.set("testimonials.json", [{ name: "A happy customer" }])
    expect(messageFor(files)).toContain(
      `data/testimonials.json, record (file), field "(file)": belongs to no content type`,
    )
  })

  it("rejects a folder with no records", () => {
    const { files } = realFiles()
    for (const relative of Array.from(files.keys())) if (relative.startsWith("services/")) files.delete(relative)
    expect(messageFor(files)).toContain(`data/services/, record (file), field "(file)": has no records`)
  })

  it("accepts an emptied list of reviews (the last one taken off) and rejects an empty list of brands", () => {
    const { files } = realFiles()
    files.set("reviews.json", [])
    expect(findContentProblems(files, { fileExists })).toEqual([])
    files.set("brands.json", [])
    expect(messageFor(files)).toContain(
      `data/brands.json, record (file), field "(file)": must hold at least 1 record; it holds 0`,
    )
  })

  it("rejects two services in the same position", () => {
    const { files, service } = realFiles()
    service("washer-repair").order = 1
    expect(messageFor(files)).toContain(
      `data/services/washer-repair.json, record "washer-repair", field "order": is 1, as in data/services/refrigerator-repair.json`,
    )
  })
})

describe("dated content", () => {
  /** The build's message on a field of the business record, or of an entry of one of its lists ("specialHours #1"). */
  const business = (message: string, field: string, record = '"business"') =>
    `data/business.json, record ${record}, field "${field}": ${message}`

  beforeEach(() => {
    // The build's day, as SITE_CLOCK fixes it for the tests: Friday, November 20, 2026, noon in Chicago.
    process.env.SITE_CLOCK = "2026-11-20T18:00:00Z"
  })
  afterAll(() => {
    delete process.env.SITE_CLOCK
  })

  it("refuses a closure that ends before it starts", () => {
    const { files, business: shop } = realFiles()
    shop.specialHours = [{ from: "2026-12-24", to: "2026-12-20", note: "the holidays" }]
    expect(messageFor(files)).toContain(
      business("is 2026-12-20, before the first day 2026-12-24", "to", "specialHours #1"),
    )
  })

  it("refuses special hours that close before they open, or give one time only", () => {
    const { files, business: shop } = realFiles()
    shop.specialHours = [
      { from: "2026-12-24", opens: "13:00", closes: "09:00" },
      { from: "2026-12-31", opens: "09:00", closes: "" },
    ]
    const message = messageFor(files)
    expect(message).toContain(business("is 09:00, not after the opening time 13:00", "closes", "specialHours #1"))
    expect(message).toContain(business("is empty: give both times, or neither (closed)", "closes", "specialHours #2"))
  })

  it("refuses weekly hours that close before they open", () => {
    const { files, business: shop } = realFiles()
    shop.hours[1].closes = "08:00"
    expect(messageFor(files)).toContain(
      business("is 08:00, not after the opening time 09:00", "closes", 'hours #2 "Saturday"'),
    )
  })

  it("refuses entries that overlap, naming the earlier one", () => {
    const { files, business: shop } = realFiles()
    shop.specialHours = [
      { from: "2026-12-24", to: "2027-01-01", note: "the holidays" },
      { from: "2026-12-31", opens: "09:00", closes: "12:00" },
    ]
    expect(messageFor(files)).toContain(
      business("overlaps entry 1 (2026-12-24 to 2027-01-01): a day has one set of hours", "from", "specialHours #2"),
    )
  })

  it("refuses a day that is not on the calendar and a time zone no browser knows", () => {
    const { files, business: shop } = realFiles()
    shop.specialHours = [{ from: "2026-02-30" }]
    shop.timeZone = "Central Time"
    const message = messageFor(files)
    expect(message).toContain(business("is not a day of the calendar", "from", "specialHours #1"))
    expect(message).toContain(business("must be a time zone name, e.g. America/Chicago", "timeZone"))
  })

  it("refuses a list of coupons that have all expired by the build's day, and accepts one still current", () => {
    const { files, coupons } = realFiles()
    coupons.offers = coupons.offers.map((offer, index) => ({ ...offer, expires: `2026-11-1${index}` }))
    expect(messageFor(files)).toContain(
      `data/coupons.json, record "coupons", field "offers": every coupon has expired (the last on 2026-11-12, before today, 2026-11-20)`,
    )
    coupons.offers[2].expires = "2026-11-20"
    expect(findContentProblems(files, { fileExists })).toEqual([])
  })

  it("refuses a notice switched on without its text, or ending before it starts", () => {
    const { files, notice } = realFiles()
    Object.assign(notice, { show: true, text: "", starts: "2026-12-02", ends: "2026-12-01" })
    const message = messageFor(files)
    expect(message).toContain(
      `data/notice.json, record "notice", field "text": is empty: write the notice, or switch it off`,
    )
    expect(message).toContain(
      `data/notice.json, record "notice", field "ends": is 2026-12-01, before the first day 2026-12-02`,
    )
  })
})
