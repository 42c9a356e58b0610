/**
 * A self-signed certificate for 127.0.0.1 and localhost, made when a test server
 * starts and kept in memory only: nothing is written or committed, and no trust
 * store changes. The test browsers accept it on their own (Playwright's
 * ignoreHTTPSErrors, acceptInsecureCerts for Firefox and WebKit), so pages are
 * tested over HTTPS as deployed: a policy's `upgrade-insecure-requests` makes
 * WebKit ask for every script over TLS, which a plain-HTTP server never answers.
 */
import { generate } from "selfsigned"

/** { key, cert } in PEM, valid from yesterday for a week (a test run's clock may be set back or forward a little). */
export async function testCertificate() {
  const day = 24 * 60 * 60 * 1000
  const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], {
    keySize: 2048,
    algorithm: "sha256",
    notBeforeDate: new Date(Date.now() - day),
    notAfterDate: new Date(Date.now() + 7 * day),
    extensions: [
      { name: "basicConstraints", cA: false },
      { name: "keyUsage", digitalSignature: true, keyEncipherment: true },
      { name: "extKeyUsage", serverAuth: true },
      {
        name: "subjectAltName",
        altNames: [
          { type: 7, ip: "127.0.0.1" },
          { type: 2, value: "localhost" },
        ],
      },
    ],
  })
  return { key: pems.private, cert: pems.cert }
}
