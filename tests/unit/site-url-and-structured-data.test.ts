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
import { formatClock, formatHours } from "../../src/lib/hours"
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

  it("describes the business with hours only for open days", () => {
    const data = localBusinessJsonLd(siteUrl, {
      siteName: "North Shore Appliance Repair",
      phone: { display: "(847) 555-0142", e164: "+18475550142" },
      address: { street: "540 Frontage Rd", city: "Northfield", region: "IL", postalCode: "60093", country: "US" },
      geo: { lat: 42.1, lng: -87.77 },
      hours: [
        { label: "Saturday", days: ["Saturday"], opens: "09:00", closes: "16:00" },
        { label: "Sunday", days: ["Sunday"], opens: "", closes: "" },
      ],
      foundingYear: 2010,
      priceRange: "$$",
      description: "Appliance repair",
      imageUrl: `${siteUrl}/og-image.png`,
      areaServed: [serviceAreaCircle({ lat: 42.16, lng: -87.96 }, 20)],
    })
    expect(data["@type"]).toBe("HomeAndConstructionBusiness")
    expect(data.openingHoursSpecification).toHaveLength(1)
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
    const offers = offersJsonLd(siteUrl, "/coupons/", [{ title: "$25 OFF", description: "Save.", code: "SAVE25" }])
    expect(offers.itemListElement).toEqual([
      expect.objectContaining({ "@type": "Offer", offeredBy: { "@id": `${siteUrl}/#business` } }),
    ])
  })

  it("serialises as real JSON that cannot close its script tag", () => {
    const json = serializeJsonLd({ name: "</script><b>" })
    expect(json).not.toContain("</script>")
    expect(JSON.parse(json)).toEqual({ name: "</script><b>" })
  })
})

describe("opening hours", () => {
  it("formats clock times as a homeowner reads them", () => {
    expect(formatClock("08:00")).toBe("8am")
    expect(formatClock("18:00")).toBe("6pm")
    expect(formatClock("12:30")).toBe("12:30pm")
    expect(formatHours({ label: "Mon", days: ["Monday"], opens: "08:00", closes: "18:00" })).toBe("8am–6pm")
    expect(formatHours({ label: "Sun", days: ["Sunday"], opens: "", closes: "" })).toBe("Closed")
  })
})
