import { absoluteUrl } from "./site-url"
import { isClosed } from "./hours"
import type { SpecialHours } from "./business-time"
import type { Crumb } from "./routes"

/** JSON-LD for schema.org, built from the same content the pages show. */
export type JsonLd = Record<string, unknown>

export const businessId = (siteUrl: string): string => `${absoluteUrl(siteUrl, "/")}#business`
const businessRef = (siteUrl: string): JsonLd => ({ "@id": businessId(siteUrl) })

export interface BusinessFacts {
  siteName: string
  phone: Queries.BusinessPhone
  address: Queries.BusinessAddress
  geo: { lat: number; lng: number }
  hours: readonly Queries.OpeningHours[]
  /** The closures and special hours to come (past ones are not built). */
  specialHours: readonly SpecialHours[]
  foundingYear: number
  priceRange: string
  description: string
  imageUrl: string
  /** Where the business works: a GeoCircle of its service radius. */
  areaServed: readonly JsonLd[]
}

/** The full HomeAndConstructionBusiness, published once on the home page. */
export function localBusinessJsonLd(siteUrl: string, facts: BusinessFacts): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "HomeAndConstructionBusiness",
    "@id": businessId(siteUrl),
    name: facts.siteName,
    description: facts.description,
    url: absoluteUrl(siteUrl, "/"),
    telephone: facts.phone.e164,
    image: facts.imageUrl,
    priceRange: facts.priceRange,
    foundingDate: String(facts.foundingYear),
    address: {
      "@type": "PostalAddress",
      streetAddress: facts.address.street,
      addressLocality: facts.address.city,
      addressRegion: facts.address.region,
      postalCode: facts.address.postalCode,
      addressCountry: facts.address.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: facts.geo.lat, longitude: facts.geo.lng },
    openingHoursSpecification: [
      ...facts.hours
        .filter((entry) => !isClosed(entry))
        .map((entry) => ({
          "@type": "OpeningHoursSpecification",
          dayOfWeek: [...entry.days],
          opens: entry.opens,
          closes: entry.closes,
        })),
      // Holidays and special hours, as Google's LocalBusiness documentation gives them: a day closed
      // opens and closes at 00:00; validFrom and validThrough are the first and last day.
      ...facts.specialHours.map((entry) => ({
        "@type": "OpeningHoursSpecification",
        opens: isClosed(entry) ? "00:00" : entry.opens,
        closes: isClosed(entry) ? "00:00" : entry.closes,
        validFrom: entry.from,
        validThrough: entry.to || entry.from,
      })),
    ],
    areaServed: [...facts.areaServed],
  }
}

export interface ServiceFacts {
  name: string
  description: string
  path: string
  /** Where the service is offered, e.g. a GeoCircle of the service radius. */
  areaServed: JsonLd
}

/** A Service offered by the business, on its service page. */
export function serviceJsonLd(siteUrl: string, service: ServiceFacts): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    serviceType: service.name,
    name: service.name,
    description: service.description,
    url: absoluteUrl(siteUrl, service.path),
    provider: businessRef(siteUrl),
    areaServed: service.areaServed,
  }
}

/** A BreadcrumbList matching the visible breadcrumb, item for item. */
export function breadcrumbJsonLd(siteUrl: string, trail: readonly Crumb[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  }
}

export interface OfferFacts {
  title: string
  description: string
  code: string
  /** The last day it is honoured (YYYY-MM-DD); none: no end. */
  expires?: string | null
}

/** The coded offers of the coupons page, each offered by the business. */
export function offersJsonLd(siteUrl: string, path: string, offers: readonly OfferFacts[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "OfferCatalog",
    name: "Special Offers & Coupons",
    url: absoluteUrl(siteUrl, path),
    itemListElement: offers.map((offer) => ({
      "@type": "Offer",
      name: offer.title,
      description: `${offer.description} Coupon code ${offer.code}.`,
      url: absoluteUrl(siteUrl, path),
      offeredBy: businessRef(siteUrl),
      ...(offer.expires ? { validThrough: offer.expires } : {}),
    })),
  }
}

/** JSON for a <script type="application/ld+json">: real JSON, with "<" escaped so it can't close the tag. */
export const serializeJsonLd = (data: JsonLd): string => JSON.stringify(data).replace(/</g, "\\u003c")
