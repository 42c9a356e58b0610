import * as React from "react"
import type { HeadFC } from "gatsby"
import { AdminHead } from "../../components/admin/admin-head"
import { SignInScreen } from "../../components/admin/sign-in-screen"

/** /admin/sign-in/?<the editor's OAuth request>: signing in to the editor with a passkey. */
export default function SignInPage() {
  return <SignInScreen />
}

export const Head: HeadFC = () => <AdminHead title="Sign in" />
