import * as React from "react"
import { Link } from "gatsby"
import { formatHours } from "../../lib/hours"
import { servicePath } from "../../lib/slug"
import type { Address, OpeningHoursEntry, Phone, ServiceLink } from "../../lib/types"
import * as styles from "./site-footer.module.css"

interface SiteFooterProps {
  siteName: string
  phone: Phone
  address: Address
  hours: readonly OpeningHoursEntry[]
  foundingYear: number
  services: readonly ServiceLink[]
  /** Year of the build, so server HTML and the browser always agree. */
  buildYear: string
}

const PAGE_LINKS = [
  { to: "/coupons/", label: "Coupons" },
  { to: "/brands/", label: "Brands" },
  { to: "/service-area/", label: "Service Area" },
] as const

export function SiteFooter({ siteName, phone, address, hours, foundingYear, services, buildYear }: SiteFooterProps) {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <section aria-labelledby="footer-business">
          <h2 id="footer-business" className={styles.heading}>
            {siteName}
          </h2>
          <address className={styles.address}>
            {address.street}
            <br />
            {address.city}, {address.region} {address.postalCode}
            <br />
            <a href={`tel:${phone.e164}`} className={styles.link}>
              {phone.display}
            </a>
          </address>
          <p>Family owned since {foundingYear}</p>
        </section>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours" className={styles.heading}>
            Hours
          </h2>
          <dl className={styles.hours}>
            {hours.map((entry) => (
              <div key={entry.label}>
                <dt>{entry.label}</dt>
                <dd>{formatHours(entry)}</dd>
              </div>
            ))}
          </dl>
        </section>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className={styles.heading}>
            Services
          </h2>
          <ul className={styles.list}>
            {services.map((service) => (
              <li key={service.slug}>
                <Link to={servicePath(service.slug)} className={styles.link}>
                  {service.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-more">
          <h2 id="footer-more" className={styles.heading}>
            More
          </h2>
          <ul className={styles.list}>
            {PAGE_LINKS.map((page) => (
              <li key={page.to}>
                <Link to={page.to} className={styles.link}>
                  {page.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className={styles.copyright}>
        © {buildYear} {siteName}. All rights reserved.
      </p>
    </footer>
  )
}
