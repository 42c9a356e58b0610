/**
 * Gatsby's runtime (and the web app manifest), loaded after the page has painted.
 *
 * Gatsby 5 writes its scripts (the chunk map, the compilation hash, then
 * webpack's runtime, the framework and the app as `<script src async>`) into the
 * `_gatsby-scripts` slice at the end of <body>. Async scripts still download
 * while the page loads and sometimes run before the first paint. gatsby-ssr
 * puts them inside a <template> (inert: nothing is fetched or run) followed by
 * this loader. Once the window has loaded and the page has painted, it copies
 * each script into the document, in order: inline ones run at once, files
 * download and run in insertion order (async = false), as webpack expects.
 * Painted: the browser has reported the first contentful paint (the `load`
 * event can come first on a small page), or ten frames have been drawn since
 * `load` with no report: Firefox reports none for a page opened at a fragment
 * it scrolls to (/#contact, where every menu link of another page leads), and
 * a fixed wait for the report kept those pages' scripts back 3 s. Chromium
 * reports its paint a frame or two after the frame that drew it (a test reads
 * that the scripts start after it), so ten frames leave it ample time.
 *
 * The <link rel="manifest"> waits in the template too: Chrome fetches the
 * manifest and an icon from it as soon as the page has loaded, which on a page
 * this small is before the first paint, and Lighthouse then counts both
 * requests into LCP (coupons: 0.91 s with the link in the head, 0.73-0.76 s
 * without). The loader moves held <link>s into the head. Browsers without
 * JavaScript do not install web apps; the favicon and apple-touch-icons stay.
 *
 * The loader is the same on every page; the build's CSP step hashes it, and the
 * inline scripts inside the template, like any other inline script.
 */
import { minify_sync } from "terser"

export const DEFERRED_SCRIPTS_ID = "gatsby-deferred-scripts"

const LOADER = `(function () {
  var started = false, painted = false, loaded = document.readyState === "complete";
  function run() {
    if (started) return;
    started = true;
    var template = document.getElementById("${DEFERRED_SCRIPTS_ID}");
    if (!template || !template.content) return;
    var held = template.content.querySelectorAll("link, script");
    for (var i = 0; i < held.length; i++) {
      var old = held[i], copy = document.createElement(old.localName);
      for (var j = 0; j < old.attributes.length; j++) copy.setAttribute(old.attributes[j].name, old.attributes[j].value);
      if (old.localName === "link") {
        document.head.appendChild(copy);
        continue;
      }
      if (old.src) copy.async = false;
      else copy.text = old.text;
      document.body.appendChild(copy);
    }
    template.parentNode.removeChild(template);
  }
  function next() {
    if (painted && loaded) setTimeout(run, 0);
  }
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (types && types.indexOf("paint") >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      painted = true;
      next();
    }).observe({ type: "paint", buffered: true });
  }
  var frames = 0;
  function frame() {
    if (started || painted) return;
    if (frames++ < 10) return requestAnimationFrame(frame);
    painted = true;
    next();
  }
  function onLoad() {
    loaded = true;
    next();
    frame();
  }
  if (loaded) onLoad();
  else addEventListener("load", onLoad);
})()`

/**
 * The loader, as it goes into every page: minified (short names, no spaces),
 * since every page carries it in the HTML of its first round trip.
 */
export const DEFERRED_SCRIPTS_LOADER = minified(LOADER)

function minified(source: string): string {
  const { code } = minify_sync(source, { compress: true, mangle: true })
  if (!code) throw new Error("terser returned no code for the deferred scripts' loader")
  return code
}
