/**
 * Every route of the site, written once: pages, navigation, breadcrumbs, page
 * creation and tests build their paths here. Paths end in "/", as Gatsby's
 * default trailingSlash "always" serves them.
 */
export const HOME_PATH = "/"
export const SERVICE_AREA_PATH = "/service-area/"
export const COUPONS_PATH = "/coupons/"
export const BRANDS_PATH = "/brands/"
export const PRIVACY_PATH = "/privacy/"
/** Every review a customer gave; built only when there is one. */
export const REVIEWS_PATH = "/reviews/"
/** Redirects to the owner's Google review link; there only when the link is set. */
export const REVIEW_LINK_PATH = "/review/"
/** The call-back request's page (src/lib/call-back-request.ts declares the request). */
export const CALL_BACK_PATH = "/call-back/"
export const NOT_FOUND_PATH = "/404/"
/** The owner's pages: the editor (static/admin/) and the sign-in, editors' and today's pages. */
export const ADMIN_PATH = "/admin/"
/** The folder of the service pages (it has no page of its own). */
export const SERVICES_PATH = "/services/"

export const servicePath = (slug: string): string => `${SERVICES_PATH}${slug}/`
export const cityPath = (slug: string): string => `${SERVICE_AREA_PATH}${slug}/`
/**
 * County pages sit one folder deeper than city pages (/service-area/counties/cook/),
 * so no county path can ever equal a city path.
 */
export const countyPath = (slug: string): string => `${SERVICE_AREA_PATH}counties/${slug}/`

/** A page on the way to the current one: its name and its path (breadcrumbs and their structured data). */
export interface Crumb {
  name: string
  path: string
}
