/**
 * A passkey made in software, for the function tests: a P-256 key pair and the
 * WebAuthn answers a platform authenticator gives (attestation "none", user
 * present and verified), built byte by byte as the specification lays them out.
 * The browser tests use Chromium's own virtual authenticator instead.
 */
import { createHash, randomBytes, webcrypto } from "crypto"
import { isoCBOR } from "@simplewebauthn/server/helpers"
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server"

const b64url = (bytes: Uint8Array | Buffer): string => Buffer.from(bytes).toString("base64url")
const sha256 = (data: Uint8Array | string): Buffer => createHash("sha256").update(data).digest()

/** Flags of authenticator data: user present, user verified, attested credential data. */
const UP = 0x01
const UV = 0x04
const AT = 0x40

/** An ECDSA signature as WebCrypto gives it (r‖s) in the DER form WebAuthn uses. */
function derSignature(raw: Uint8Array): Buffer {
  const integer = (bytes: Uint8Array) => {
    let start = 0
    while (start < bytes.length - 1 && bytes[start] === 0) start += 1
    let body = Buffer.from(bytes.slice(start))
    if (body[0] & 0x80) body = Buffer.concat([Buffer.from([0]), body])
    return Buffer.concat([Buffer.from([0x02, body.length]), body])
  }
  const sequence = Buffer.concat([integer(raw.slice(0, 32)), integer(raw.slice(32))])
  return Buffer.concat([Buffer.from([0x30, sequence.length]), sequence])
}

export interface SoftwarePasskey {
  id: string
  register(options: PublicKeyCredentialCreationOptionsJSON, origin: string): Promise<RegistrationResponseJSON>
  signIn(
    options: PublicKeyCredentialRequestOptionsJSON,
    origin: string,
    rpID?: string,
  ): Promise<AuthenticationResponseJSON>
}

export async function softwarePasskey(): Promise<SoftwarePasskey> {
  const keys = (await webcrypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as webcrypto.CryptoKeyPair
  const jwk = await webcrypto.subtle.exportKey("jwk", keys.publicKey)
  const credentialId = randomBytes(16)
  const id = b64url(credentialId)
  let counter = 0
  let userHandle = ""

  const authData = (rpID: string, flags: number, attested?: Uint8Array) => {
    const count = Buffer.alloc(4)
    count.writeUInt32BE(counter)
    return Buffer.concat([sha256(rpID), Buffer.from([flags]), count, ...(attested ? [attested] : [])])
  }
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))

  return {
    id,
    async register(options, origin) {
      userHandle = options.user.id
      const coseKey = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ])
      const length = Buffer.alloc(2)
      length.writeUInt16BE(credentialId.length)
      const attested = Buffer.concat([Buffer.alloc(16), length, credentialId, Buffer.from(isoCBOR.encode(coseKey))])
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", authData(options.rp.id!, UP | UV | AT, attested)],
        ]) as Parameters<typeof isoCBOR.encode>[0],
      )
      return {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientData("webauthn.create", options.challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      }
    },
    async signIn(options, origin, rpID = options.rpId!) {
      counter += 1
      const data = authData(rpID, UP | UV)
      const client = clientData("webauthn.get", options.challenge, origin)
      const signed = Buffer.concat([data, sha256(client)])
      const raw = new Uint8Array(
        await webcrypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, keys.privateKey, signed),
      )
      return {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(derSignature(raw)),
          userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      }
    },
  }
}
