import * as React from "react"
import type { HeadFC } from "gatsby"
import { AdminHead } from "../../components/admin/admin-head"
import { InvitationScreen } from "../../components/admin/invitation-screen"

/** /admin/invitation/#<token>: an invitation link saves a passkey on this phone. */
export default function InvitationPage() {
  return <InvitationScreen />
}

export const Head: HeadFC = () => <AdminHead title="Save a passkey" />
