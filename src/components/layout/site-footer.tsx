import * as React from "react"
import { OpeningHoursList } from "../opening-hours-list"
import { PhoneNumber } from "../phone-number"
import { BRANDS_PATH, COUPONS_PATH, PRIVACY_PATH, REVIEWS_PATH, SERVICE_AREA_PATH, servicePath } from "../../lib/routes"
import * as styles from "./site-footer.module.css"

interface SiteFooterProps {
  siteName: string
  phone: Queries.BusinessPhone
  address: Queries.BusinessAddress
  hours: readonly Queries.OpeningHours[]
  foundingYear: number
  services: readonly Pick<Queries.Service, "slug" | "name">[]
  /** Year of the build, so server HTML and the browser always agree. */
  buildYear: string
  /** At least one review: the link to /reviews/ shows. */
  hasReviews?: boolean
}

const PAGE_LINKS = [
  { to: COUPONS_PATH, label: "Coupons" },
  { to: BRANDS_PATH, label: "Brands" },
  { to: SERVICE_AREA_PATH, label: "Service Area" },
  { to: PRIVACY_PATH, label: "Privacy" },
] as const

interface FooterLinksProps {
  id: string
  title: string
  links: ReadonlyArray<{ to: string; label: string }>
}

/** A titled column of footer links (plain links: nothing here needs hydrating, prefetching or client routing). */
function FooterLinks({ id, title, links }: FooterLinksProps) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      <ul className={styles.list}>
        {links.map((link) => (
          <li key={link.to}>
            <a href={link.to} className={styles.link}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

const REVIEWS_LINK = { to: REVIEWS_PATH, label: "Reviews" }

export function SiteFooter({
  siteName,
  phone,
  address,
  hours,
  foundingYear,
  services,
  buildYear,
  hasReviews = false,
}: SiteFooterProps) {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        {/* The footer is the landmark; its address and hours are not landmarks of their own. */}
        <div>
          <h2 className={styles.heading}>{siteName}</h2>
          <address className={styles.address}>
            {address.street}
            <br />
            {address.city}, {address.region} {address.postalCode}
            <br />
            <a href={`tel:${phone.e164}`} data-call-placement="footer" className={styles.link}>
              <PhoneNumber phone={phone} />
            </a>
          </address>
          <p>Family owned since {foundingYear}</p>
        </div>
        <div>
          <h2 className={styles.heading}>Hours</h2>
          <OpeningHoursList hours={hours} />
        </div>
        <FooterLinks
          id="footer-services"
          title="Services"
          links={services.map((service) => ({ to: servicePath(service.slug), label: service.name }))}
        />
        <FooterLinks id="footer-more" title="More" links={hasReviews ? [...PAGE_LINKS, REVIEWS_LINK] : PAGE_LINKS} />
      </div>
      <p className={styles.copyright}>
        © {buildYear} {siteName}. All rights reserved.
      </p>
    </footer>
  )
}
