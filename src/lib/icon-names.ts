/**
 * The names of the pictures content may choose (data/services/*.json `icon`,
 * data/home-page.json `trustStrip[].icon`): one home, read by the content
 * model, which refuses any other name, and by the components that draw them,
 * whose TypeScript maps need a picture for every name.
 */
export const SERVICE_ICONS = ["refrigerator", "dishwasher", "oven", "microwave", "disposal", "dryer", "washer"] as const
export type ServiceIconName = (typeof SERVICE_ICONS)[number]

export const TRUST_ICONS = ["shield", "wrench", "coins", "badge"] as const
export type TrustIconName = (typeof TRUST_ICONS)[number]
