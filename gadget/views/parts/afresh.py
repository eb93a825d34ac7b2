"""A phone back on its session is drawn afresh by Flet's client, not compared control by
control: the comparison froze a game screen's tab for 50 s to 10 minutes at 100% CPU, and
after it the screen showed no move until the player tapped.

Flet's server sends the whole page to a phone that reconnects, each control under the id it
had. Flet 1.0.5's client builds new controls from it, and each control on the screen asks
whether the new one equals the old (Flutter's `InheritedNotifier`, with `Control.==`,
package:collection's deep equality). That equality looks at each equal child twice, so its
time doubles at each level of nesting (a game screen is 20-odd deep); and once equal, the
screen goes on listening to the old control while the next move's patch changes the new one.
A first drawn control whose key changed is a new widget to Flutter: it and all it holds are
built as at the first load, each listening to its new control, with nothing to compare.
Measured in docs/app.md ("A phone that comes back"), checked by a browser in
tests/test_browser_reconnect.py.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import cast

import flet as ft


def drawn_first(page: ft.Page) -> ft.BaseControl | None:
    """The page's first control Flutter draws: Flet's client draws no component, only what
    it renders (`page.render`'s root, then each component's body)."""
    shown: object = page.views[0].controls  # a component, not a list, after `page.render`
    while isinstance(shown, ft.Component | list):
        shown = shown._b if isinstance(shown, ft.Component) else next(iter(shown), None)
    return shown if isinstance(shown, ft.BaseControl) else None


def draw_afresh_when_back(page: ft.Page) -> None:
    """At each disconnection, give the first control Flutter draws a key it never had, which
    only the reconnection sends: Flutter then builds the page again instead of comparing.
    Once the page is sent, the control gets its own key back, unsent: Flet's next render
    would otherwise see a new control there, and build every screen part under it anew,
    losing what each showed (an open side link, a question asked)."""
    connections = itertools.count(1)
    own: dict[str, object] = {}  # the control's own key while it carries the connection's
    # The page's own (views/parts/asking.follow_reconnections': it takes the event).
    earlier = cast(Callable[[ft.Event[ft.Page]], object] | None, page.on_connect)

    def gone(_event: ft.Event[ft.Page]) -> None:
        # Frozen, as every rendered control: its key is set where Flet keeps it, unmarked,
        # so no patch sends it; the reconnection sends the page as it then is.
        first = drawn_first(page)
        if first is not None:  # a page still opening draws nothing yet
            own["key"] = first._values.get("key")
            first._values["key"] = f"connection {next(connections)}"

    def back(event: ft.Event[ft.Page]) -> None:  # the page is sent: before any render
        first = drawn_first(page)
        if first is not None and "key" in own:
            mine = own.pop("key")
            if mine is None:
                first._values.pop("key", None)
            else:
                first._values["key"] = mine
        if earlier is not None:
            earlier(event)

    page.on_disconnect = gone
    page.on_connect = back
