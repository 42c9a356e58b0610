import * as React from "react"
import type { IGatsbyImageData } from "gatsby-plugin-image"
import { densitySrcSet } from "../../lib/density-srcset"
import * as styles from "./brand-logos.module.css"

export interface BrandLogoData {
  name: string
  slug: string
  /** gatsby-plugin-image's processed image: an AVIF source, the WebP image itself (formats: [WEBP, AVIF]), a fixed size. */
  image: IGatsbyImageData
}

/**
 * A logo as a plain <picture> built from gatsby-plugin-image's data: a <source>
 * per modern format, the fallback <img> with its fixed size, loaded lazily;
 * 1x and 2x written as densities. It
 * needs no script, so the page does not load gatsby-plugin-image's runtime.
 */
export function LogoPicture({ image, alt }: { image: IGatsbyImageData; alt: string }) {
  const { sources = [], fallback } = image.images
  return (
    <picture>
      {sources.map((source) => (
        <source
          key={source.type ?? source.media}
          type={source.type}
          media={source.media}
          srcSet={densitySrcSet(source.srcSet, image.width)}
        />
      ))}
      <img
        src={fallback?.src}
        srcSet={fallback?.srcSet && densitySrcSet(fallback.srcSet, image.width)}
        width={image.width}
        height={image.height}
        alt={alt}
        loading="lazy"
        decoding="async"
      />
    </picture>
  )
}

/** The featured brands' logos, lazy below the fold. */
export function BrandLogos({ brands }: { brands: readonly BrandLogoData[] }) {
  return (
    <ul className={styles.grid}>
      {brands.map((brand) => (
        <li key={brand.slug} className={styles.item}>
          <LogoPicture image={brand.image} alt={brand.name} />
        </li>
      ))}
    </ul>
  )
}
