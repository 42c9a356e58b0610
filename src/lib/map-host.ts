/**
 * The one third party a page may contact: the map host of the Google Maps frame
 * (only when the visitor wants the map). The content model refuses a map address
 * elsewhere, the page policy allows frames from it alone, and the tests stub it.
 */
export const MAP_HOST = "www.google.com"
export const MAP_ORIGIN = `https://${MAP_HOST}`
