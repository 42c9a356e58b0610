import * as React from "react"
import { render } from "@testing-library/react"
import { CallBackLine } from "../../src/components/call-back/call-back-line"
import { CallBackLink } from "../../src/components/call-back/call-back-link"
import { CallBackPrivacy } from "../../src/components/call-back/call-back-privacy"
import { createPages } from "../../internal/gatsby/create-pages"
import { CALL_BACK_PATH } from "../../src/lib/routes"
import { mockSiteData } from "../fixtures/site-data"

/**
 * CALL_BACKS=off leaves no form on any page: the build makes no /call-back/ (the form's only page),
 * and the link, the line and the privacy note's paragraph say nothing. On, each is there.
 */
const parts = () => (
  <>
    <CallBackLink />
    <CallBackLine />
    <CallBackPrivacy />
  </>
)

/** The paths createPages makes with CALL_BACKS as given. */
async function pagesMade(setting: string | undefined): Promise<string[]> {
  const saved = process.env.CALL_BACKS
  if (setting === undefined) delete process.env.CALL_BACKS
  else process.env.CALL_BACKS = setting
  const made: string[] = []
  try {
    const graphql = async () => ({
      data: {
        allService: { nodes: [] },
        allCity: { nodes: [] },
        townIndex: { counties: [] },
        allReview: { nodes: [] },
      },
    })
    const actions = { createPage: ({ path }: { path: string }) => made.push(path) }
    await (createPages as unknown as (args: unknown) => Promise<void>)({ graphql, actions, reporter: {} })
  } finally {
    if (saved === undefined) delete process.env.CALL_BACKS
    else process.env.CALL_BACKS = saved
  }
  return made
}

describe("the call-back request switched off (CALL_BACKS=off)", () => {
  it("is not built: no /call-back/ page; on, or unset, it is", async () => {
    expect(await pagesMade("off")).not.toContain(CALL_BACK_PATH)
    expect(await pagesMade(" OFF ")).not.toContain(CALL_BACK_PATH)
    expect(await pagesMade(undefined)).toContain(CALL_BACK_PATH)
  })

  it("leaves no link, line or privacy paragraph on the pages; on, each shows", () => {
    mockSiteData()
    const on = render(parts())
    expect(on.container.querySelectorAll(`a[href="${CALL_BACK_PATH}"]`)).toHaveLength(3)
    on.unmount()
    mockSiteData().site.siteMetadata.callBacks = false
    const off = render(parts())
    expect(off.container.innerHTML).toBe("")
  })
})
