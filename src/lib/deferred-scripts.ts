/**
 * Gatsby's runtime, loaded after the page has painted.
 *
 * Gatsby 5 writes its scripts (the chunk map, the compilation hash, then
 * webpack's runtime, the framework and the app as `<script src async>`) into the
 * `_gatsby-scripts` slice at the end of <body>. Async scripts still download
 * while the page loads and sometimes run before the first paint. gatsby-ssr
 * puts them inside a <template> (inert: nothing is fetched or run) followed by
 * this loader, which after `load` and the next frame copies each one into the
 * document, in order: inline ones run at once, files download and run in
 * insertion order (async = false), as webpack expects.
 *
 * The loader is the same on every page; the build's CSP step hashes it, and the
 * inline scripts inside the template, like any other inline script.
 */
export const DEFERRED_SCRIPTS_ID = "gatsby-deferred-scripts"

export const DEFERRED_SCRIPTS_LOADER = `(function(){function run(){var t=document.getElementById("${DEFERRED_SCRIPTS_ID}");if(!t||!t.content)return;var s=t.content.querySelectorAll("script");for(var i=0;i<s.length;i++){var o=s[i],n=document.createElement("script");for(var j=0;j<o.attributes.length;j++)n.setAttribute(o.attributes[j].name,o.attributes[j].value);if(o.src)n.async=false;else n.text=o.text;document.body.appendChild(n)}t.parentNode.removeChild(t)}function later(){requestAnimationFrame(function(){setTimeout(run,0)})}if(document.readyState==="complete")later();else addEventListener("load",later)})()`
