import * as React from "react"
import { Clock, MapPin, Phone as PhoneIcon } from "lucide-react"
import { DECORATIVE_ICON } from "../../lib/decorative-icon"
import { CallButton } from "../call-button"
import { CallBackLink } from "../call-back/call-back-link"
import { OpeningHoursList } from "../opening-hours-list"
import { OpeningStatus } from "../opening-status"
import * as styles from "./contact-details.module.css"

interface ContactDetailsProps {
  phone: Queries.BusinessPhone
  address: Queries.BusinessAddress
  schedule: React.ComponentProps<typeof OpeningStatus>["schedule"]
  hours: readonly Queries.OpeningHours[]
  weekSummary: string
  builtAt: string
}

export function ContactDetails({ phone, address, schedule, hours, weekSummary, builtAt }: ContactDetailsProps) {
  return (
    <div className={styles.grid}>
      <div>
        <h3 className={styles.heading}>
          <MapPin {...DECORATIVE_ICON} /> Address
        </h3>
        <address className={styles.address}>
          {address.street}
          <br />
          {address.city}, {address.region} {address.postalCode}
        </address>
      </div>
      <div>
        <h3 className={styles.heading}>
          <Clock {...DECORATIVE_ICON} /> Hours
        </h3>
        <OpeningStatus schedule={schedule} weekSummary={weekSummary} builtAt={builtAt} className={styles.status} />
        <OpeningHoursList hours={hours} />
      </div>
      <div>
        <h3 className={styles.heading}>
          <PhoneIcon {...DECORATIVE_ICON} /> Phone
        </h3>
        <p>Call us to schedule a repair; we answer during business hours.</p>
        <CallButton phone={phone} placement="contact" /> <CallBackLink />
      </div>
    </div>
  )
}
