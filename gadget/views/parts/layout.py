"""The parts every screen is laid out with, in both apps: the type scale and the page, a
screen's column, a framed panel, an icon button with its name, the way back from a dead end,
a side's header and the share code's panel."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import flet as ft

from gadget.engine import ShareCode
from gadget.engine.classic import ClassicCard
from gadget.services import addresses, palette
from gadget.views.parts.events import Tap
from gadget.views.parts.language import _
from gadget.views.parts.qr import qr_image, qr_side

# The type scale and the page: nothing a phone shows is smaller than TEXT_MIN, except the
# mission map's city labels (LABEL_SIZE), which a player can zoom.
TEXT_MIN: Final = 12
LABEL_SIZE: Final = 11
PAGE_PADDING: Final = 16
MAX_WIDTH: Final = 720  # a desktop's screens: centred, never stretched across the window


def screen(controls: list[ft.Control], spacing: int = 12) -> ft.Column:
    """A screen's content: one column that scrolls when a phone is too short for it, as wide
    as a phone allows and no wider than MAX_WIDTH on a desktop (the page centres it)."""
    return ft.Column(
        controls, spacing=spacing, scroll=ft.ScrollMode.AUTO, expand=True, width=MAX_WIDTH
    )


def content_width(page: ft.Page) -> int:
    """How wide a screen's content is on this page: its width less the margins, at most
    MAX_WIDTH (the first guess; a control that measures itself learns the real width)."""
    return _content_of(page.width)


def _content_of(page_width: float | None) -> int:
    return round(min((page_width or 360) - 2 * PAGE_PADDING, MAX_WIDTH))


def use_wide(page: ft.Page, at_least: int) -> bool:
    """Whether the screen's content is at least `at_least` wide, and the screen drawn again
    when a resize crosses that width (a phone turned, a window widened): a layout chosen
    only at a render stayed as it was until the next move, the card laid out beside the
    code cut off on a phone turned upright."""
    wide = content_width(page) >= at_least
    _redraws, redraw = ft.use_state(0)
    shown = ft.use_ref(wide)
    shown.current = wide

    def resized(event: ft.PageResizeEvent) -> None:
        if (_content_of(event.width) >= at_least) != shown.current:
            redraw(lambda count: count + 1)

    def follow() -> None:
        page.on_resize = resized  # the phone sends its resizes only while this is set
        page.update()

    def stop() -> None:
        if page.on_resize is resized:
            page.on_resize = None

    ft.use_effect(follow, [], cleanup=stop)
    return wide


def panel(
    controls: list[ft.Control], border: str = palette.OUTLINE, key: str | None = None
) -> ft.Control:
    """A framed, centred block: the share code, the team's invite, a request to answer."""
    return ft.Container(
        key=key,
        content=ft.Column(controls, horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=6),
        padding=12,
        border=ft.Border.all(1, border),
        border_radius=8,
    )


def opening() -> ft.Control:
    """What the app shows for the moment a phone's storage is first read: its name and no
    animation (a spinning ring would keep a busy phone drawing while its first screen is
    being made, for a wait of a tenth of a second)."""
    return ft.Column([ft.Text("Gadget…")])


def loading(title: str) -> ft.Control:
    """What a screen shows for the moment its data is being read."""
    return screen([ft.Text(title, size=24, weight=ft.FontWeight.BOLD), ft.ProgressRing()])


def icon_button(
    icon: ft.IconData,
    label: str,
    on_click: Callable[[Tap], object],
    *,
    key: str | None = None,
) -> ft.Control:
    """An icon button with an accessible name, said once: the tooltip (for a mouse) is not
    a name, and without `exclude_semantics` a screen reader would say the label, the
    tooltip, then a nameless button."""
    return ft.Semantics(
        key=key,
        label=label,
        button=True,
        exclude_semantics=True,
        on_tap=on_click,
        content=ft.IconButton(icon, tooltip=label, on_click=on_click),
    )


def dead_end(title: str, hint: str, back: str, route: str) -> ft.Control:
    """An address that leads nowhere on this phone: what happened, and one way back."""
    page = ft.context.page
    return screen(
        [
            ft.Text(title, size=20),
            ft.Text(hint),
            ft.Button(back, on_click=lambda _e: page.navigate(route)),
        ]
    )


def nowhere() -> ft.Control:
    """What an address no screen is at shows (mistyped, cut short, or an older app's), in
    both apps: never Home as if it had been asked for."""
    return dead_end(
        _("This address leads nowhere."),
        _("Nothing in Gadget is at this address: it may be mistyped or cut short."),
        _("Home"),
        addresses.HOME,
    )


def share_panel(
    code: ShareCode | ClassicCard, link: str, hide: Callable[[], None] | None = None
) -> ft.Control:
    """The QR code of the link and the code in large type: a Duet side B for the partner's
    phone, or a classic card for the other spymaster's; with `hide`, its button inside the
    frame (phone A's whole card fits below at 390x844)."""
    if isinstance(code, ClassicCard):
        link = link or addresses.classic(code)
        words, text = _("The other spymaster scans this, or types the code:"), code.code
    else:
        link = link or addresses.join(code)
        words, text = _("Your partner scans this, or types the code:"), code.text
    return panel(
        [
            ft.Text(words),
            ft.Semantics(
                label=_("QR code of {link}").format(link=link),
                content=qr_image(link, qr_side(link, 150)),  # 4 px a module at least
            ),
            ft.Text(text, size=30, weight=ft.FontWeight.BOLD),
            ft.Text(link, size=12),
            *([ft.TextButton(_("Hide the code"), on_click=lambda _e: hide())] if hide else []),
        ]
    )
