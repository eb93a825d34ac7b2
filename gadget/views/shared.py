"""What every screen shares, on a server or in the browser alone: guarded handlers, the cell look,
the QR code (nothing here reaches the table or the database)."""

from __future__ import annotations

import base64
import contextlib
import functools
import io
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Final, TypeVar, cast

import flet as ft
import qrcode
from qrcode.image.pure import PyPNGImage

from gadget.engine import Colour, GadgetError, Player, ShareCode
from gadget.services import addresses, palette
from gadget.views.fields import typed_field
from gadget.views.language import _, say

log = logging.getLogger("gadget")

# The type scale and the page: nothing a phone shows is smaller than TEXT_MIN, except the
# mission map's city labels (LABEL_SIZE), which a player can zoom.
TEXT_MIN: Final = 12
LABEL_SIZE: Final = 11
PAGE_PADDING: Final = 16
MAX_WIDTH: Final = 720  # a desktop's screens: centred, never stretched across the window

# Green, black and tan are told apart by a symbol too, for colour-blind players.
CELL_LOOK: dict[Colour, tuple[str, str, Any, str]] = {
    Colour.GREEN: (palette.AGENT, palette.ON_DARK, ft.Icons.CHECK_CIRCLE, "agent"),
    Colour.BLACK: (palette.ASSASSIN, palette.ON_DARK, ft.Icons.DANGEROUS, "assassin"),
    Colour.TAN: (palette.BYSTANDER, palette.BYSTANDER_INK, ft.Icons.REMOVE, "bystander"),
}

Value = TypeVar("Value")


def use_value(initial: Callable[[], Value]) -> tuple[Value, Callable[[Value], None]]:
    """ft.use_state with a lazy first value, typed for mypy (Flet's own hint loses the type)."""
    return cast(tuple[Value, Callable[[Value], None]], ft.use_state(initial))


def use_data(load: Callable[[], Value], keys: list[Any]) -> Value | None:
    """Data from the store, loaded once each time `keys` change, in an effect: never in a
    render, never again for a change that does not touch it (a filter, a tap).

    None until the data for these very keys is in: data loaded for earlier keys is never
    returned (a second join link opened in the same tab must not show the first game for a
    moment, nor act on it).
    """
    loaded, set_loaded = use_value(lambda: cast(tuple[list[Any], Value] | None, None))

    def fetch() -> None:
        set_loaded((list(keys), load()))

    ft.use_effect(fetch, keys)
    if loaded is None or loaded[0] != list(keys):
        return None
    return loaded[1]


def use_slow_data(load: Callable[[], Awaitable[Value]], keys: list[Any]) -> Value | None:
    """use_data for a read awaited off the event loop (in the server's worker): None until
    the data for these very keys is in, and a read that ends after a newer one is dropped."""
    loaded, set_loaded = use_value(lambda: cast(tuple[list[Any], Value] | None, None))
    wanted = ft.use_ref(list(keys))
    wanted.current = list(keys)

    async def fetch() -> None:
        asked = list(keys)
        value = await load()
        if wanted.current == asked:
            set_loaded((asked, value))

    ft.use_effect(fetch, keys)
    if loaded is None or loaded[0] != list(keys):
        return None
    return loaded[1]


class Loading:
    """A lookup whose answer is not in yet (None would mean "there is none")."""


LOADING: Final = Loading()


def use_lookup(load: Callable[[], Value | None], keys: list[Any]) -> Value | Loading | None:
    """use_data for an answer that may be None: LOADING until it is in."""
    found = use_data(lambda: (load(),), keys)
    return LOADING if found is None else found[0]


def use_status() -> tuple[ft.Control, Callable[[str], None], Callable[[str], None]]:
    """The line under a form that says what the last tap did: news in green, a refusal in
    red with an icon (never plain text that looks like part of the form); and its setters."""
    said, set_said = use_value(lambda: ("", False))

    def tell(text: str) -> None:
        set_said((text, False))

    def refuse(text: str) -> None:
        set_said((brief(text), True))

    text, refused = said
    line: ft.Control
    if not text:
        line = ft.Container()
    elif refused:
        line = ft.Row(
            [
                ft.Icon(ft.Icons.ERROR_OUTLINE, color=palette.DANGER, size=20),
                ft.Text(text, color=palette.DANGER, expand=True),
            ],
            spacing=6,
        )
    else:
        line = ft.Text(text, color=palette.GOOD_NEWS)
    return line, tell, refuse


def loading(title: str) -> ft.Control:
    """What a screen shows for the moment its data is being read."""
    return screen([ft.Text(title, size=24, weight=ft.FontWeight.BOLD), ft.ProgressRing()])


def keyed(component: Callable[..., ft.Control], key: str, *args: Any) -> ft.Control:
    """A component with a key: another key is another screen with fresh state (Flet's
    decorator hides the `key` keyword from type checkers)."""
    return component(*args, key=key)


def icon_button(icon: Any, label: str, on_click: Callable[[Any], Any]) -> ft.Control:
    """An icon button with an accessible name, said once: the tooltip (for a mouse) is not
    a name, and without `exclude_semantics` a screen reader would say the label, the
    tooltip, then a nameless button."""
    return ft.Semantics(
        label=label,
        button=True,
        exclude_semantics=True,
        on_tap=on_click,
        content=ft.IconButton(icon, tooltip=label, on_click=on_click),
    )


def panel(controls: list[ft.Control], border: str = palette.OUTLINE) -> ft.Control:
    """A framed, centred block: the share code, the team's invite, a request to answer."""
    return ft.Container(
        content=ft.Column(controls, horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=6),
        padding=12,
        border=ft.Border.all(1, border),
        border_radius=8,
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


def screen(controls: list[ft.Control], spacing: int = 12) -> ft.Column:
    """A screen's content: one column that scrolls when a phone is too short for it, as wide
    as a phone allows and no wider than MAX_WIDTH on a desktop (the page centres it)."""
    return ft.Column(
        controls, spacing=spacing, scroll=ft.ScrollMode.AUTO, expand=True, width=MAX_WIDTH
    )


def content_width(page: ft.Page) -> int:
    """How wide a screen's content is on this page: its width less the margins, at most
    MAX_WIDTH (the first guess; a control that measures itself learns the real width)."""
    return round(min((page.width or 360) - 2 * PAGE_PADDING, MAX_WIDTH))


def brief(message: str, limit: int = 300) -> str:
    """A refusal as a player reads it: one line, never longer than a phone can show (a
    hostile file's values are quoted in messages, and may be any size)."""
    line = " ".join(message.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def guarded(action: Callable[[], object], tell: Callable[[str], None]) -> Callable[[Any], None]:
    """An event handler that tells the player why the app refused (a GadgetError); anything
    else is a bug, and goes on to the error boundary, which reports it as one."""

    def handler(_event: Any) -> None:
        try:
            action()
        except GadgetError as refused:
            tell(brief(say(refused)))

    return handler


@functools.lru_cache(maxsize=64)
def qr_png(text: str) -> bytes:
    """A QR code of the text as PNG bytes, for the partner's camera (made once per link)."""
    image = qrcode.make(text, image_factory=PyPNGImage, border=2, box_size=8)
    buffer = io.BytesIO()
    image.save(buffer)
    return buffer.getvalue()


def qr_image(text: str, size: int) -> ft.Image:
    """The QR code of the text on screen, its PNG given as base64 text: WebKit (Safari, every
    browser on an iPhone) draws nothing for an image Flet sends as bytes, and draws this."""
    return ft.Image(src=base64.b64encode(qr_png(text)).decode("ascii"), width=size, height=size)


def whole_number(typed: str, digits: int = 4) -> int | None:
    """A number a player typed, or None: only ASCII digits count ("²" and "٣" pass
    str.isdigit() but not int()), and never more than a few of them."""
    typed = typed.strip()
    if not typed or len(typed) > digits or not (typed.isascii() and typed.isdigit()):
        return None
    return int(typed)


def safe_file_name(name: str) -> str:
    """A team's name as part of a download's file name: letters, digits, - and _ only."""
    kept = "".join(c if c.isalnum() or c in "-_" else "-" for c in name).strip("-")
    return kept[:40] or "team"


def use_wakelock() -> None:
    """Keep the screen awake while a card is shown, where the platform allows it."""
    lock = ft.use_memo(ft.Wakelock, [])

    async def keep_awake() -> None:
        with contextlib.suppress(Exception):  # not every platform has one
            await lock.enable()  # type: ignore[no-untyped-call]

    async def let_sleep() -> None:
        with contextlib.suppress(Exception):
            await lock.disable()  # type: ignore[no-untyped-call]

    ft.use_effect(keep_awake, [], cleanup=let_sleep)


def header(side: Player, hidden: bool, toggle: Any, home: Any) -> ft.Control:
    """Which side this phone is, the button that hides the card at once, and the way home."""
    return ft.Row(
        [
            ft.Text(
                _("Side {side}").format(side=side.value.upper()), size=20, weight=ft.FontWeight.BOLD
            ),
            ft.Row(
                [
                    icon_button(
                        ft.Icons.VISIBILITY if hidden else ft.Icons.VISIBILITY_OFF,
                        _("Show the card") if hidden else _("Hide the card"),
                        toggle,
                    ),
                    icon_button(ft.Icons.HOME, _("Home"), home),
                ],
                spacing=0,
            ),
        ],
        alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
    )


def share_panel(code: ShareCode, link: str, hide: Callable[[], None] | None = None) -> ft.Control:
    """The QR code of the join link and the code in large type, for the partner's phone;
    with `hide`, its button inside the frame (phone A's whole card fits below at 390x844)."""
    link = link or addresses.join(code)
    return panel(
        [
            ft.Text(_("Your partner scans this, or types the code:")),
            ft.Semantics(
                label=_("QR code of {link}").format(link=link),
                content=qr_image(link, 150),  # 4 px a module: a camera reads it at arm's length
            ),
            ft.Text(code.text, size=30, weight=ft.FontWeight.BOLD),
            ft.Text(link, size=12),
            *([ft.TextButton(_("Hide the code"), on_click=lambda _e: hide())] if hide else []),
        ]
    )


def read_code(typed: object) -> ShareCode:
    """The code a player typed, read whole up to 100,000 characters: a long paste is refused
    by its own length (reading the first 40 said "40 characters" of a 10,000 paste)."""
    return ShareCode.parse(str(typed or "")[:100_000])


def join_by_code(
    typed: Any,
    problem: str,
    set_problem: Callable[[str], None],
    route_for: Callable[[ShareCode], str],
    page: ft.Page,
) -> list[ft.Control]:
    """The partner's code, typed (a refusal shown on the field), and the ways to join with
    it: Join, which opens `route_for(code)`, or the camera inside the app."""

    def join(_event: Any) -> None:
        try:
            code = read_code(typed.current)
        except GadgetError as wrong:
            set_problem(say(wrong))
            return
        page.navigate(route_for(code))

    return [
        typed_field(
            typed,
            _("Partner's code"),
            on_submit=join,
            error=problem or None,
            capitalization=ft.TextCapitalization.CHARACTERS,
        ),
        ft.Row(
            [
                ft.Button(_("Join"), icon=ft.Icons.LOGIN, on_click=join),
                ft.OutlinedButton(
                    _("Scan the code"),
                    icon=ft.Icons.QR_CODE_SCANNER,
                    on_click=lambda _e: page.navigate(addresses.SCAN),
                ),
            ],
            wrap=True,
        ),
    ]
