"""One error boundary for every screen: a bug shows the player a short message and a way
back, and its traceback goes to the server's log, never to a browser.

Flet reports an exception in a handler or an effect through its session's `error`, which
`Trouble.install` takes over. An exception in a render is not reported at all: it stops the
page's update loop, and the phone freezes. So every component of the app is made with
`component` below instead of `ft.component`: its render is caught and reported the same way.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import ParamSpec, cast

import flet as ft

from gadget.language import N_
from gadget.services import addresses, palette
from gadget.views.parts.hooks import use_value
from gadget.views.parts.language import _
from gadget.views.parts.layout import screen

log = logging.getLogger("gadget")
SORRY = N_("Something went wrong on this screen. Your games are saved.")
NOTED_ON_THE_SERVER = N_("It has been noted on the server. Try again, or start from Home.")


Props = ParamSpec("Props")


class Trouble:
    """Where Flet reports an exception of this page (a handler, a render, an effect)."""

    def __init__(self, next_step: str = NOTED_ON_THE_SERVER) -> None:
        self.show: Callable[[str], None] | None = None
        self.next_step = next_step  # what the player reads under the message (N_-marked)

    def report(self, message: str) -> None:
        """Flet calls this instead of sending its error screen with the traceback."""
        log.error("unexpected error on a phone's page:\n%s", message)
        if self.show is not None:
            self.show(_(SORRY))

    def install(self, page: ft.Page) -> None:
        """Replace Flet's own crash report for this page's session (and only this one)."""
        setattr(page.session, "error", self.report)  # noqa: B010  (an instance's method)


TROUBLE = ft.create_context(cast(Trouble | None, None))


def component(render: Callable[Props, ft.Control]) -> Callable[Props, ft.Control]:
    """ft.component, but an exception in the render is reported to the boundary (and logged)
    and the component shows a short line instead, so the page's update loop lives on."""

    @functools.wraps(render)
    def caught(*args: Props.args, **kwargs: Props.kwargs) -> ft.Control:
        trouble = ft.use_context(TROUBLE)
        try:
            return render(*args, **kwargs)
        except Exception:
            log.exception("unexpected error rendering %s", render.__name__)
            if trouble is not None and trouble.show is not None:
                trouble.show(_(SORRY))
            return ft.Text(_(SORRY))

    return cast(Callable[Props, ft.Control], ft.component(caught))


@ft.component
def Boundary(trouble: Trouble, screens: Callable[[], ft.Control]) -> ft.Control:
    """The screens, or, after a bug, the message and the way back."""
    page = ft.context.page
    message, set_message = use_value(lambda: "")
    trouble.show = set_message

    def home(_event: ft.Event[ft.Button]) -> None:
        set_message("")
        page.navigate(addresses.HOME)

    if message:
        return screen(
            [
                ft.Icon(ft.Icons.ERROR_OUTLINE, size=40, color=palette.DANGER),
                ft.Text(message, size=18),
                ft.Text(_(trouble.next_step)),
                ft.Row(
                    [
                        ft.Button(_("Home"), icon=ft.Icons.HOME, on_click=home),
                        ft.OutlinedButton(_("Try again"), on_click=lambda _e: set_message("")),
                    ],
                    wrap=True,
                ),
            ]
        )
    return TROUBLE(trouble, screens)
