/**
 * The site's name, and the home page's headline: the owner's brand before
 * "Appliance Repair", as the spec writes it ("{product} Appliance Repair").
 */
export const siteNameOf = (brand: string): string => `${brand} Appliance Repair`
