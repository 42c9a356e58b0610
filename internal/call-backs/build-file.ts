import type { CreatePagesArgs } from "gatsby"
import { siteNameOf } from "../../src/lib/site-name"
import { writeCallBacksSite, type CallBacksSite } from "./site-file"

interface CallBacksSiteQuery {
  allCity: { nodes: Array<{ name: string }> }
  allService: { nodes: Array<{ name: string }> }
  business: {
    brand: string
    phone: { display: string; e164: string }
    timeZone: string
    hours: Array<{ days: string[]; opens: string; closes: string }>
    upcomingSpecialHours: Array<{
      from: string
      to: string | null
      opens: string | null
      closes: string | null
      note: string | null
    }>
  }
}

/** The towns and appliances in the order the form lists them, with the hours as the pages show them. */
export async function writeCallBacksFile(graphql: CreatePagesArgs["graphql"], root: string): Promise<string | Error> {
  const result = await graphql<CallBacksSiteQuery>(`
    query CallBacksSite {
      allCity(sort: { name: ASC }) {
        nodes {
          name
        }
      }
      allService(sort: { order: ASC }) {
        nodes {
          name
        }
      }
      business {
        brand
        phone {
          display
          e164
        }
        timeZone
        hours {
          days
          opens
          closes
        }
        upcomingSpecialHours {
          from
          to
          opens
          closes
          note
        }
      }
    }
  `)
  if (result.errors || !result.data)
    return new Error(`the call-back request's facts could not be read: ${String(result.errors)}`)
  const { allCity, allService, business } = result.data
  const site: CallBacksSite = {
    towns: allCity.nodes.map(({ name }) => name),
    appliances: allService.nodes.map(({ name }) => name),
    siteName: siteNameOf(business.brand),
    phone: business.phone,
    schedule: { timeZone: business.timeZone, hours: business.hours, specialHours: business.upcomingSpecialHours },
  }
  return writeCallBacksSite(root, site)
}
