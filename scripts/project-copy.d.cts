/** The project's own folder. */
export declare const ROOT: string
/**
 * Copies the project to `target` (a new or empty folder), or else to a new folder
 * under the system's temporary folder named with `prefix`; returns its path.
 */
export declare function copyProject(prefix: string, target?: string): string
/**
 * Builds a copy, starting from the site's own build (its .cache/ copied in) where there is
 * one; prints its time and returns whether it succeeded.
 */
export declare function buildWarm(copy: string, env?: Record<string, string>): boolean
