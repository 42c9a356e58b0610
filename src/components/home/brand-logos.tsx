import * as React from "react"
import { GatsbyImage, type IGatsbyImageData } from "gatsby-plugin-image"
import * as styles from "./brand-logos.module.css"

export interface BrandLogoData {
  name: string
  slug: string
  image: IGatsbyImageData
}

/** The featured brands' logos, optimised by gatsby-plugin-image and lazy below the fold. */
export function BrandLogos({ brands }: { brands: readonly BrandLogoData[] }) {
  return (
    <ul className={styles.grid}>
      {brands.map((brand) => (
        <li key={brand.slug} className={styles.item}>
          <GatsbyImage image={brand.image} alt={brand.name} loading="lazy" />
        </li>
      ))}
    </ul>
  )
}
