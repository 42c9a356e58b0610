import { DEFAULT_SITE_URL, absoluteUrl, resolveSiteUrl } from "../../src/lib/site-url"
import { robotsTxt } from "../../internal/robots"
import {
  breadcrumbJsonLd,
  businessId,
  localBusinessJsonLd,
  offersJsonLd,
  serializeJsonLd,
  serviceJsonLd,
} from "../../src/lib/structured-data"
import { formatHours, weeklySummary } from "../../src/lib/hours"
import { serviceAreaCircle } from "../../src/lib/service-radius"

describe("siteUrl", () => {
  it("prefers SITE_URL, then Netlify's URL, then the local serve address", () => {
    expect(resolveSiteUrl({ SITE_URL: "https://www.example.com/", URL: "https://x.netlify.app" })).toBe(
      "https://www.example.com",
    )
    expect(resolveSiteUrl({ URL: "https://x.netlify.app" })).toBe("https://x.netlify.app")
    expect(resolveSiteUrl({})).toBe(DEFAULT_SITE_URL)
  })

  it("changing SITE_URL changes every canonical, structured-data and robots URL", () => {
    for (const origin of ["https://a.example", "https://b.example"]) {
      const siteUrl = resolveSiteUrl({ SITE_URL: origin })
      expect(absoluteUrl(siteUrl, "/services/dryer-repair/")).toBe(`${origin}/services/dryer-repair/`)
      expect(businessId(siteUrl)).toBe(`${origin}/#business`)
      expect(robotsTxt(siteUrl)).toContain(`Sitemap: ${origin}/sitemap-index.xml`)
      const crumbs = breadcrumbJsonLd(siteUrl, [{ name: "Home", path: "/" }])
      expect(JSON.stringify(crumbs)).toContain(`${origin}/`)
    }
  })
})

describe("structured data", () => {
  const siteUrl = "https://example.test"

  it("describes the business with hours for open days, and each closure or special hours to come by its dates", () => {
    const data = localBusinessJsonLd(siteUrl, {
      siteName: "North Shore Appliance Repair",
      phone: { display: "(847) 555-0142", e164: "+18475550142" },
      address: { street: "540 Frontage Rd", city: "Northfield", region: "IL", postalCode: "60093", country: "US" },
      geo: { lat: 42.1, lng: -87.77 },
      hours: [
        { label: "Saturday", days: ["Saturday"], opens: "09:00", closes: "16:00" },
        { label: "Sunday", days: ["Sunday"], opens: "", closes: "" },
      ],
      specialHours: [
        { from: "2026-11-26", note: "Thanksgiving" },
        { from: "2026-12-24", opens: "09:00", closes: "13:00" },
        { from: "2026-12-25", to: "2027-01-01", opens: "", closes: "" },
      ],
      foundingYear: 2010,
      priceRange: "$$",
      description: "Appliance repair",
      imageUrl: `${siteUrl}/og-image.png`,
      areaServed: [serviceAreaCircle({ lat: 42.16, lng: -87.96 }, 20)],
    })
    expect(data["@type"]).toBe("HomeAndConstructionBusiness")
    expect(data.openingHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "09:00", closes: "16:00" },
      // Google's form for a day closed: opens and closes at midnight, from and through its dates.
      {
        "@type": "OpeningHoursSpecification",
        opens: "00:00",
        closes: "00:00",
        validFrom: "2026-11-26",
        validThrough: "2026-11-26",
      },
      {
        "@type": "OpeningHoursSpecification",
        opens: "09:00",
        closes: "13:00",
        validFrom: "2026-12-24",
        validThrough: "2026-12-24",
      },
      {
        "@type": "OpeningHoursSpecification",
        opens: "00:00",
        closes: "00:00",
        validFrom: "2026-12-25",
        validThrough: "2027-01-01",
      },
    ])
    expect(data.areaServed).toEqual([expect.objectContaining({ "@type": "GeoCircle", geoRadius: 32187 })])
  })

  it("links a service and the offers to the business by @id", () => {
    const service = serviceJsonLd(siteUrl, {
      name: "Dryer Repair",
      description: "d",
      path: "/services/dryer-repair/",
      areaServed: serviceAreaCircle({ lat: 42.16, lng: -87.96 }, 20),
    })
    expect(service.provider).toEqual({ "@id": `${siteUrl}/#business` })
    expect(service.areaServed).toMatchObject({ "@type": "GeoCircle", geoRadius: 32187 })
    const offers = offersJsonLd(siteUrl, "/coupons/", [
      { title: "$25 OFF", description: "Save.", code: "SAVE25" },
      { title: "$50 OFF", description: "Save more.", code: "SAVE50", expires: "2026-12-31" },
    ])
    expect(offers.itemListElement).toEqual([
      expect.objectContaining({ "@type": "Offer", offeredBy: { "@id": `${siteUrl}/#business` } }),
      expect.objectContaining({ "@type": "Offer", name: "$50 OFF", validThrough: "2026-12-31" }),
    ])
    expect((offers.itemListElement as object[])[0]).not.toHaveProperty("validThrough")
  })

  it("serialises as real JSON that cannot close its script tag", () => {
    const json = serializeJsonLd({ name: "</script><b>" })
    expect(json).not.toContain("</script>")
    expect(JSON.parse(json)).toEqual({ name: "</script><b>" })
  })
})

describe("opening hours", () => {
  it("formats a day's hours as a homeowner reads them", () => {
    expect(formatHours({ opens: "08:00", closes: "18:00" })).toBe("8 am–6 pm")
    expect(formatHours({ opens: "09:30", closes: "12:00" })).toBe("9:30 am–12 pm")
    expect(formatHours({ opens: "", closes: "" })).toBe("Closed")
  })

  it("sums up the week on one line, days in a run as a range, closed days left out", () => {
    expect(
      weeklySummary([
        { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "18:00" },
        { days: ["Saturday"], opens: "09:00", closes: "16:00" },
        { days: ["Sunday"], opens: "", closes: "" },
      ]),
    ).toBe("Mon–Fri 8 am–6 pm · Sat 9 am–4 pm")
    expect(
      weeklySummary([
        { days: ["Friday", "Monday", "Wednesday"], opens: "10:00", closes: "14:00" },
        { days: ["Saturday", "Sunday"], opens: "09:00", closes: "12:30" },
      ]),
    ).toBe("Mon, Wed, Fri 10 am–2 pm · Sat, Sun 9 am–12:30 pm")
  })
})
