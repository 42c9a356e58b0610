import * as React from "react"
import type { HeadFC } from "gatsby"
import { Layout } from "../components/layout/layout"
import { Section } from "../components/section"
import { SeoHead } from "../components/seo/seo-head"
import { CALL_PLACEMENTS } from "../lib/call-tap"
import { CALL_PLACEMENT_NAMES } from "../lib/call-placement-names"
import { PRIVACY_PATH } from "../lib/routes"
import { CallBackPrivacy } from "../components/call-back/call-back-privacy"
import * as styles from "../styles/privacy-page.module.css"

/**
 * What the site counts and what it does not (docs/architecture.md#privacy): one
 * first-party, cookieless count of taps on the phone number, readable only by
 * the site's editors. Every sentence here is a fact of the code.
 */
export default function PrivacyPage() {
  return (
    <Layout
      firstScreen={
        <Section title="Privacy" level={1} intro="This site counts one thing: taps on our phone number.">
          <div className={styles.note}>
            <h2>What we count</h2>
            <p>
              When you tap our phone number on this site, your browser sends our site a short note that says two things:
            </p>
            <ul>
              <li>the address of the page you were on, such as /coupons/;</li>
              <li>
                which of its call buttons you tapped:{" "}
                {CALL_PLACEMENTS.map((placement) => CALL_PLACEMENT_NAMES[placement]).join(", ")}.
              </li>
            </ul>
            <p>
              We add it to a count of taps for that page and button on that day. That is all we keep: how many taps, on
              which page and button, on which day. A tap is not a call: we cannot tell whether you went on to call us.
            </p>
            <h2>What the count does not keep</h2>
            <ul>
              <li>No cookies: this site sets none.</li>
              <li>No identifier of you or of your device.</li>
              <li>No IP address, no browser or device details, no time finer than the day.</li>
              <li>No third-party analytics, advertising or tracking scripts.</li>
            </ul>
            <p>
              The note goes to this site only, and the counts are kept with the site by its host, Netlify; nothing is
              sent to an analytics or advertising company. If JavaScript is off in your browser, nothing is sent, and
              the phone number still dials.
            </p>
            <p>
              The one thing on our pages that comes from another company is the Google map on the home page and on each
              town&rsquo;s page. It loads only when you scroll to it or ask for it, and Google&rsquo;s own privacy
              policy covers it.
            </p>
            <h2>Who can read the counts</h2>
            <p>Only the people who edit this site. The counts are not published.</p>
            <CallBackPrivacy />
          </div>
        </Section>
      }
    />
  )
}

export const Head: HeadFC = () => (
  <SeoHead
    title="Privacy"
    description="What this site counts: taps on our phone number, by page, button and day. No cookies, no identifier, no IP address, no third-party analytics."
    path={PRIVACY_PATH}
  />
)
