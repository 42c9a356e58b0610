import { ADMIN_PATH } from "../../src/lib/routes"

/** Where the editor is served from; public/admin/index.html comes from static/admin/. */
export { ADMIN_PATH }
/** The editor's folder in public/ (and static/). */
export const ADMIN_DIR_NAME = ADMIN_PATH.replace(/\//g, "")
