/** Shapes the components render. GraphQL query results satisfy them structurally. */
export interface Phone {
  display: string
  e164: string
}

export interface Address {
  street: string
  city: string
  region: string
  postalCode: string
}

export interface OpeningHoursEntry {
  label: string
  days: readonly string[]
  opens: string
  closes: string
}

export interface ServiceLink {
  slug: string
  name: string
}

export interface CityLink {
  slug: string
  name: string
}

export interface Crumb {
  name: string
  path: string
}
