/** Reads one environment variable: a name in, its value or undefined out. */
export type Env = (name: string) => string | undefined

/**
 * How a Netlify function reads a variable: `Netlify.env` on Netlify (and in
 * @netlify/dev's emulation), `process.env` where that global is absent (the
 * tests calling a handler directly, `npm run invite`).
 */
export const functionEnv: Env = (name) =>
  typeof Netlify === "undefined" ? process.env[name] : (Netlify.env.get(name) ?? undefined)
