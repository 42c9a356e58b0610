/**
 * GraphQL type names for the JSON files under data/. Each file holds one kind
 * of record; the name of the file decides the type its nodes get.
 */
export const JSON_TYPE_NAMES: Readonly<Record<string, string>> = {
  business: "Business",
  services: "Service",
  cities: "City",
  brands: "Brand",
  coupons: "CouponBook",
  "service-area": "ServiceAreaGrid",
}

interface TypeNameArgs {
  node: { name?: string; relativePath?: string }
}

export function jsonTypeName({ node }: TypeNameArgs): string {
  const name = node.name ?? ""
  const typeName = JSON_TYPE_NAMES[name]
  if (!typeName) {
    throw new Error(
      `data/${node.relativePath ?? name}: no GraphQL type is declared for this file. ` +
        `Add it to JSON_TYPE_NAMES in internal/content/json-type-name.ts and to the schema.`,
    )
  }
  return typeName
}
