/** The project's own folder. */
export declare const ROOT: string
/** A command of the project's installed packages: node_modules/.bin/NAME, to run without npx. */
export declare function bin(name: string): string
/**
 * Copies the project to `target` (a new or empty folder), or else to a new folder
 * under the system's temporary folder named with `prefix`; returns its path.
 */
export declare function copyProject(prefix: string, target?: string): string
/**
 * Builds a copy, starting from webpack's cache of the site's own build where there is one, at the
 * site's path where the system allows a mount namespace; prints its time and returns whether it succeeded.
 */
export declare function buildWarm(copy: string, env?: Record<string, string>): boolean
/**
 * `gatsby build` of a copy (with `env` added; `command`: Gatsby of the site's packages, or a
 * stand-in), at the site's path in a mount namespace of its own where the system allows it, else in
 * the copy's folder; its exit status and the path it was built at.
 */
export declare function gatsbyBuild(
  copy: string,
  env?: Record<string, string>,
  command?: string[],
): { status: number | null; at: string }
