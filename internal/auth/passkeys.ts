/**
 * WebAuthn through @simplewebauthn/server: the options a browser needs to make
 * or use a passkey, and the checks of its answer. A passkey lives on the
 * device's own authenticator (Face ID, a fingerprint, the screen lock), is
 * discoverable (the phone offers it without a name typed), and always asks the
 * person to verify themselves. The relying party is the site's host name; the
 * answer must come from the site's origin.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server"
import type { Passkey } from "./editors.ts"
import type { AuthSettings } from "./settings.ts"

/** How long the browser waits for the person (ms); the challenge token lives longer. */
const TIMEOUT_MS = 120_000

export async function registrationOptions(
  settings: AuthSettings,
  user: { id: string; email: string; name: string },
  existing: Passkey[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: settings.rpID,
    rpID: settings.rpID,
    userID: new Uint8Array(Buffer.from(user.id, "base64url")),
    userName: user.email,
    userDisplayName: user.name || user.email,
    timeout: TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: existing.map(({ id, transports }) => ({ id, transports })),
    authenticatorSelection: {
      authenticatorAttachment: "platform",
      residentKey: "required",
      userVerification: "required",
    },
  })
}

export async function signInOptions(settings: AuthSettings): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({ rpID: settings.rpID, timeout: TIMEOUT_MS, userVerification: "required" })
}

/** A registration answer, checked: the new passkey (without its device and date), or undefined. */
export async function checkRegistration(
  settings: AuthSettings,
  challenge: string,
  response: unknown,
): Promise<Pick<Passkey, "id" | "publicKey" | "counter" | "transports"> | undefined> {
  try {
    const { verified, registrationInfo } = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: settings.origin,
      expectedRPID: settings.rpID,
      requireUserVerification: true,
    })
    if (!verified) return undefined
    const { credential } = registrationInfo
    return {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports,
    }
  } catch {
    return undefined
  }
}

/** The credential id a sign-in answer names, if it is one. */
export const answeredPasskey = (response: unknown): string | undefined => {
  const id = (response as { id?: unknown } | null)?.id
  return typeof id === "string" ? id : undefined
}

/** A sign-in answer, checked against the stored passkey: its new counter, or undefined. */
export async function checkSignIn(
  settings: AuthSettings,
  challenge: string,
  response: unknown,
  passkey: Passkey,
): Promise<number | undefined> {
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: settings.origin,
      expectedRPID: settings.rpID,
      requireUserVerification: true,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransport[] | undefined,
      },
    })
    return verified ? authenticationInfo.newCounter : undefined
  } catch {
    return undefined
  }
}
