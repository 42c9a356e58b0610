/** The header's in-page sections of the home page, in the spec's order. */
export const NAV_ITEMS = [
  { id: "coupons", label: "Coupons" },
  { id: "services", label: "Services" },
  { id: "brands", label: "Brands" },
  { id: "service-area", label: "Service Area" },
  { id: "about", label: "About" },
  { id: "contact", label: "Contact" },
] as const

export type SectionId = (typeof NAV_ITEMS)[number]["id"]

/** On the home page a nav link scrolls within it; elsewhere it goes to the home page's section. */
export const sectionHref = (id: SectionId, isHome: boolean): string => (isHome ? `#${id}` : `/#${id}`)
