#!/usr/bin/python3
"""A bare WebKitGTK window for WebKitWebDriver (Debian's webkit2gtk-driver).

The driver starts this program as its browser (capability
"webkitgtk:browserOptions": {"binary": ...}). Debian's MiniBrowser would do,
but its toolbar keeps its window at least 447 px wide, wider than a phone; this
window holds nothing but the page, so the driver can make it 320 or 390 px.

--preload FILE: a script that runs in every frame before the page's own
(WebKit's WebDriver has no log endpoint: recordProblems in scripts/engines.cjs keeps
errors, policy violations and failed loads where the test can read them).

Debian's own python3 (/usr/bin/python3) has the GTK bindings: python3-gi and
gir1.2-webkit2-4.1, installed by scripts/setup.sh --browsers.
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gdk, Gtk, WebKit2  # noqa: E402

preload = None
if "--preload" in sys.argv:
    with open(sys.argv[sys.argv.index("--preload") + 1], encoding="utf-8") as file:
        preload = file.read()

# Reduced motion (WebKitGTK reads it from GTK's animations setting), as in the other engines.
Gtk.Settings.get_default().set_property("gtk-enable-animations", False)

# Nothing kept between runs: no disk cache, cookies or storage.
context = WebKit2.WebContext.new_ephemeral()
context.set_automation_allowed(True)
# Nothing leaves the machine: every host but this one goes to a proxy on a closed local port
# (the map host's frame then fails at once, as it would offline).
context.get_website_data_manager().set_network_proxy_settings(
    WebKit2.NetworkProxyMode.CUSTOM,
    WebKit2.NetworkProxySettings.new("http://127.0.0.1:9", ["127.0.0.1", "localhost"]),
)


def create_web_view(_session):
    content = WebKit2.UserContentManager()
    if preload:
        content.add_script(
            WebKit2.UserScript(
                preload,
                WebKit2.UserContentInjectedFrames.ALL_FRAMES,
                WebKit2.UserScriptInjectionTime.START,
                None,
                None,
            )
        )
    view = WebKit2.WebView(web_context=context, user_content_manager=content, is_controlled_by_automation=True)
    window = Gtk.Window()
    window.set_default_size(1280, 900)
    window.add(view)
    view.connect("close", lambda _view: window.destroy())
    # The keyboard: Xvfb runs no window manager, so no window is ever given the input focus, and
    # the page never has it (document.hasFocus() is false, though WebDriver's keys still reach it).
    # Each window takes the focus itself once it is on screen, as a browser's window has it.
    window.connect("map-event", lambda widget, _event: widget.get_window().focus(Gdk.CURRENT_TIME))
    window.show_all()
    view.grab_focus()
    return view


def automation_started(_context, session):
    info = WebKit2.ApplicationInfo()
    info.set_name("site-webkit")
    info.set_version(1, 0, 0)
    session.set_application_info(info)
    session.connect("create-web-view", create_web_view)


context.connect("automation-started", automation_started)
Gtk.main()
