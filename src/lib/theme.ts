/** The brand colour browsers paint around the page: the theme-color meta tag and the web app manifest. */
export const THEME_COLOR = "#0b4f8a"
