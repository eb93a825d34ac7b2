"""Phones in headless Chromium for the browser tests and the benchmarks: the shared browsers,
a phone-sized context that reaches only this machine, and what a player does on it (tap a
cell, type a field, give a clue, see a line)."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from gadget.engine import KeyCard, Player, ShareCode, seat_index
from tests.processes import (
    patience_ms,
)

CHROMIUM = Path("/usr/bin/chromium")
REQUIRED = os.environ.get("GADGET_REQUIRE_BROWSER") == "1"
COLOUR_WORDS = {"agent": "G", "assassin": "X", "bystander": "-"}
GAME_ADDRESS = re.compile(r"/game/[A-Za-z0-9_-]{22}$")

try:
    from playwright.sync_api import Browser, Locator, Page, Playwright, sync_playwright
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # pragma: no cover - the dev install has it
    sync_playwright = None  # type: ignore[assignment]


def _missing() -> str | None:
    if sync_playwright is None:
        return "playwright is not installed"
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    return None


def _require_browser() -> None:
    missing = _missing()
    if missing:
        if REQUIRED:
            pytest.fail(f"browser tests are required here: {missing}")
        pytest.skip(missing)


NAME = "gadget.test"  # a network name for this machine, as a LAN or a domain would give


CHROMIUM_FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)


#: The Playwright driver of the browser tests running now, and the browsers launched from it,
#: by their flags: its sync API allows one driver at a time in a process, and it keeps an
#: event loop running, so it is stopped before any other test (release_browsers).
_DRIVER: list[Playwright] = []
_LAUNCHED: dict[tuple[str, ...], Browser] = {}


def _playwright() -> Playwright:
    """The Playwright driver, started on first use (stopped by release_browsers)."""
    assert sync_playwright is not None
    if not _DRIVER:
        _DRIVER.append(sync_playwright().start())
    return _DRIVER[0]


def release_browsers() -> None:
    """Close the browsers shared by consecutive tests and stop the driver: a test that is
    not a browser test runs its own event loop next (tests/conftest.py)."""
    while _LAUNCHED:
        _LAUNCHED.popitem()[1].close()
    while _DRIVER:
        _DRIVER.pop().stop()


def close_phones() -> None:
    """Close every phone (browser context) a test opened on the shared browsers: a phone left
    open goes on running its app, and the next tests would share the cores with it."""
    for launched in _LAUNCHED.values():
        for context in launched.contexts:
            context.close()


def _launch(*extra: str) -> Browser:
    _require_browser()
    return _playwright().chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=[*CHROMIUM_FLAGS, *extra]
    )


def shared_chromium(*extra: str) -> Browser:
    """Debian's Chromium with these flags, launched once for the browser tests that follow
    one another (each phone is a context of its own: its own storage, its own seats)."""
    if extra not in _LAUNCHED or not _LAUNCHED[extra].is_connected():
        _LAUNCHED[extra] = _launch(*extra)
    return _LAUNCHED[extra]


@contextmanager
def _chromium(*extra: str) -> Iterator[Browser]:
    """Debian's Chromium, headless (never `playwright install`), for one module's tests."""
    launched = _launch(*extra)
    try:
        yield launched
    finally:
        launched.close()


def _phone(
    browser: Browser,
    url: str,
    size: tuple[int, int] = (360, 640),
    reach: str = r"http://127\.0\.0\.1",
    watch: Callable[[Page], None] | None = None,
    **context: Any,
) -> Page:
    """A new phone-sized (or `size`d) browser context that can reach only this machine
    (`reach`: the addresses it may open; `watch`: what the test follows on the page, set
    before it loads; `context`: Playwright's context options)."""
    opened = browser.new_context(viewport={"width": size[0], "height": size[1]}, **context)
    opened.route(re.compile(rf"^(?!{reach}[:/]).*"), lambda route: route.abort())
    opened.set_default_timeout(patience_ms())  # every wait and tap on this phone
    opened.set_default_navigation_timeout(patience_ms())
    page = opened.new_page()
    if watch is not None:
        watch(page)
    page.goto(url, wait_until="networkidle")
    page.wait_for_selector("flt-semantics-placeholder", state="attached")
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    return page


def taking_taps(button: Locator) -> Locator:
    """The button once it takes taps: the part of a game's screen under its card takes none
    for a moment after a tap on one of its buttons (views/parts/shield.py), while a person
    reads the answer; a button of it is then no tappable node to Flutter (a cell and a
    menu never say so: wait on a button beside them)."""
    button.and_(button.page.locator("[flt-tappable]")).wait_for(timeout=patience_ms())
    return button


def _grid(page: Page) -> str:
    """The 25 cells as the page labels them, row by row from the player's seat."""
    cells = []
    for row in range(1, 6):
        for column in range(1, 6):
            label = page.get_by_text(re.compile(rf"^row {row} column {column}: ")).first
            label.wait_for(state="attached", timeout=patience_ms())  # a reload on a busy machine
            cells.append(COLOUR_WORDS[label.inner_text().rsplit(": ", 1)[1]])
    return "".join(cells)


def _card(phone_a: Page, code: ShareCode) -> KeyCard:
    """The whole card, from what phone A shows and the code it hands over (only a test sees
    both)."""
    return KeyCard(_grid(phone_a), code.side_b)


def _cell(page: Page, player: Player, cell: int) -> Locator:
    """The button of a cell (A's frame) where this player sees it from their seat."""
    row, column = divmod(seat_index(player, cell), 5)
    return page.get_by_role("button", name=re.compile(rf"^row {row + 1} column {column + 1}: "))


def _touch(phone: Page, player: Player, cell: int, patience: float = 10) -> None:
    """Record the partner's touch of an agent, and look until the card shows it covered;
    tap again if nothing happened (a phone still reconnecting loses the tap)."""
    row, column = divmod(seat_index(player, cell), 5)
    covered = re.compile(rf"^row {row + 1} column {column + 1}: agent, agent found")
    shown = phone.get_by_role("button", name=covered).or_(phone.get_by_text(covered)).first
    deadline = time.monotonic() + patience
    while True:
        if shown.count():  # a slow first tap arrived after all: a covered cell is no button
            return
        _cell(phone, player, cell).click()
        try:
            shown.wait_for(state="attached", timeout=5_000)
            return
        except PlaywrightTimeout:
            if time.monotonic() > deadline:
                raise


def _deal(
    browser: Browser, server: str, size: tuple[int, int] = (360, 640)
) -> tuple[Page, ShareCode]:
    phone_a = _phone(browser, server + "/", size)
    phone_a.get_by_role("button", name="New game", exact=True).click()
    phone_a.wait_for_url(GAME_ADDRESS, timeout=patience_ms())
    shown = phone_a.get_by_text(re.compile(r"^[0-9A-Z]{5}-[0-9A-Z]{5}$")).first
    shown.wait_for(timeout=patience_ms())
    return phone_a, ShareCode.parse(shown.inner_text())


def _two_phones(browser: Browser, server: str) -> tuple[Page, Page, ShareCode]:
    """A deals; B opens the join link and waits until the table is there."""
    phone_a, code = _deal(browser, server)
    phone_b = _phone(browser, f"{server}/join/{code.text}")
    _see(phone_b, "Either player gives the next clue.")
    return phone_a, phone_b, code


#: Marks a text field ready once Flutter has taken the keyboard for it: after the tap gives
#: the input the focus, Flutter writes its own text and caret into it (on a busy machine
#: 10 ms or more later), and what was typed or pasted before that is wiped ("salad"
#: arrived as "alad"; a pasted list of players arrived empty). The mark goes with the focus.
KEYBOARD_WATCH = """() => {
  if (window.gadgetKeyboard) return;
  const ready = new WeakSet();
  const active = document.activeElement;
  if (active && ['INPUT', 'TEXTAREA'].includes(active.tagName)) ready.add(active);
  for (const kind of [HTMLInputElement, HTMLTextAreaElement]) {
    const write = kind.prototype.setSelectionRange;
    kind.prototype.setSelectionRange = function (...where) {
      if (this === document.activeElement) ready.add(this);
      return write.apply(this, where);
    };
  }
  const forget = event => ready.delete(event.target);
  document.addEventListener('focusin', forget, true);
  document.addEventListener('focusout', forget, true);
  window.gadgetKeyboard = () => ready.has(document.activeElement);
}"""


#: Whether the tapped field holds the focus, and what does (said when a tap never took).
FOCUS_STATE = """box => {
  const active = document.activeElement;
  return {mine: active !== null && (box === active || box.contains(active)),
          active: `${active?.tagName ?? ''} ${active?.getAttribute('aria-label') ?? ''}`,
          ready: window.gadgetKeyboard()};
}"""


def _tap_field(phone: Page, box: Locator) -> None:
    """Tap a text field and wait until Flutter has the keyboard for it, as a person waits
    for the caret before typing; a tap a busy browser lost is tapped again (CI once waited
    38 s on one), and a field that has held the focus that long without Flutter writing
    into it after the focus (its write came first) is typed into, as a person would."""
    phone.evaluate(KEYBOARD_WATCH)
    state: dict[str, object] = {}
    for _tap in range(3):
        box.click()
        try:
            phone.wait_for_function("() => window.gadgetKeyboard()", timeout=patience_ms() / 3)
            return
        except PlaywrightTimeout:
            state = box.evaluate(FOCUS_STATE)
            if state["mine"]:
                return
    raise AssertionError(f"three taps never gave the field the keyboard: {state}")


def _select_all(phone: Page) -> None:
    """Select the focused field's text to type over it, until it shows selected two frames
    later (a caret Flutter places late, from the tap, would undo the selection)."""
    for _attempt in range(50):
        phone.keyboard.press("ControlOrMeta+a")
        if phone.evaluate(
            "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => {"
            " const e = document.activeElement;"
            " done(e.selectionStart === 0 && e.selectionEnd === e.value.length); })))"
        ):
            return
        phone.wait_for_timeout(100)
    raise AssertionError("the field's text never showed selected")


def _type(phone: Page, box: Locator, text: str) -> None:
    """Tap a field and type key by key, as a person does, once the field has the keyboard,
    over what it held (Flutter selects it all on a field's first tap, and puts the caret
    back where it was on a later one: a result form's "0" became "07")."""
    _tap_field(phone, box)
    if box.input_value():
        _select_all(phone)
    box.press_sequentially(text, delay=40)
    assert box.input_value() == text, f"the field says {box.input_value()!r}, not {text!r}"


def _give_clue(phone: Page, word: str, field: str = "Clue", button: str = "Give clue") -> None:
    """Type the clue, then give it (`field` and `button` as the phone's language names them)."""
    _type(phone, phone.get_by_role("textbox", name=field), word)
    phone.get_by_role("button", name=button, exact=True).click()


def _see(phone: Page, text: str) -> None:
    """Wait until the page says this (Flutter's semantics nodes may have no size). A third
    phone on the site took 8.5 s to say its first words on a machine at load 6: 30 s."""
    phone.get_by_text(text).first.wait_for(state="attached", timeout=patience_ms())


def hosts_asked(browser: Browser, url: str, use: Callable[[Page], None]) -> set[str]:
    """The host of every request and WebSocket a new phone made (its workers' too, nothing
    blocked) while it opened `url`, was used by `use`, and asked for Rive's runtime, which
    Flet's client asks for at every load (issue 24: of jsDelivr)."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    asked: list[str] = []
    answered: list[str] = []  # requests whose answer (or failure) has come
    context.on("request", lambda request: asked.append(request.url))
    context.on("requestfinished", lambda request: answered.append(request.url))
    context.on("requestfailed", lambda request: answered.append(request.url))
    page = context.new_page()
    page.on("websocket", lambda socket: asked.append(socket.url))
    page.goto(url)
    use(page)
    # Rive's script is asked as the page loads, long before `use` has seen the app on
    # screen: the wait is for its answer to arrive, whatever it would ask next after it.
    deadline = time.monotonic() + 60
    while not any(address.endswith("/rive_native.js") for address in answered):
        assert time.monotonic() < deadline, asked
        page.wait_for_timeout(100)
    context.close()
    network = [
        address.removeprefix("blob:") for address in asked if not address.startswith("data:")
    ]
    return {urlsplit(address).hostname or address for address in network}


def _open(phone: Page, url: str) -> None:
    """Type an address into this phone's browser (a reload: the app starts again)."""
    phone.goto(url, wait_until="networkidle")
    _semantics_on(phone)


def _semantics_on(phone: Page) -> None:
    """After a page load, ask Flutter for its DOM of roles and labels again."""
    phone.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=patience_ms())
    phone.locator("flt-semantics-placeholder").dispatch_event("click")


def _shows_a_card(phone: Page, present: str) -> bool:
    """Whether a card is on the screen once `present`, which that screen must say, is
    there: an absence read before the screen is drawn would prove nothing."""
    _see(phone, present)
    return phone.get_by_text(re.compile(r"^row \d column \d: ")).count() > 0
