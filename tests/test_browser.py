"""The served app in headless Chromium: two browser contexts are two phones at one table."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from gadget.engine import KeyCard, Player, ShareCode, seat_index

CHROMIUM = Path("/usr/bin/chromium")
REQUIRED = os.environ.get("GADGET_REQUIRE_BROWSER") == "1"
COLOUR_WORDS = {"agent": "G", "assassin": "X", "bystander": "-"}
GAME_ADDRESS = re.compile(r"/game/[A-Za-z0-9_-]{22}$")

pytestmark = pytest.mark.browser

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


# Every `gadget serve` start measured in this run (s): each wait on a phone is a multiple of
# the slowest, so that a busy machine is given more time (never less than 30 s).
_STARTS: list[float] = [0.0]


def noted_start(seconds: float) -> None:
    """Count one measured start of a server toward every wait's patience."""
    _STARTS.append(seconds)


def patience_ms() -> float:
    """How long a phone may take to show anything (ms): ten slowest starts, at least 30 s."""
    return 1000 * max(30.0, 10 * max(_STARTS))


def stop(process: subprocess.Popen[Any]) -> None:
    """End a process a test started: asked first, killed if a busy machine keeps it longer
    than the run's patience (a fixed 10 s failed a run with both cores busy)."""
    process.terminate()
    try:
        process.wait(timeout=patience_ms() / 1000)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=patience_ms() / 1000)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _start_server(
    database: Path, port: int = 0, *options: str
) -> tuple[subprocess.Popen[bytes], str]:
    """`gadget serve` on a loopback port (a free one unless given), once it listens; its
    data folder (where --tls keeps its certificate) beside the database."""
    port = port or _free_port()
    gadget = Path(sys.executable).with_name("gadget")
    process = subprocess.Popen(
        [str(gadget), "serve", "--host", "127.0.0.1", "--port", str(port), *options],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={
            **os.environ,
            "FLET_FORCE_WEB_SERVER": "true",
            "GADGET_DATABASE_URL": f"sqlite:///{database}",
            "FLET_APP_STORAGE_DATA": str(database.parent),
        },
    )
    until_listening(process, port, "gadget serve")
    return process, f"{'https' if '--tls' in options else 'http'}://127.0.0.1:{port}"


def until_listening(process: subprocess.Popen[bytes], port: int, what: str) -> None:
    """Back once the process listens on this loopback port (its start counts toward every
    wait's patience); it is killed, and the test fails, if it ends or takes two minutes."""
    started = time.monotonic()
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                noted_start(time.monotonic() - started)
                return
        except OSError:
            if process.poll() is not None or time.monotonic() - started > 120:
                process.kill()
                pytest.fail(f"{what} did not listen on port {port}")
            time.sleep(0.1)


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
    **context: Any,
) -> Page:
    """A new phone-sized (or `size`d) browser context that can reach only this machine
    (`reach`: the addresses it may open; `context`: Playwright's context options)."""
    opened = browser.new_context(viewport={"width": size[0], "height": size[1]}, **context)
    opened.route(re.compile(rf"^(?!{reach}[:/]).*"), lambda route: route.abort())
    opened.set_default_timeout(patience_ms())  # every wait and tap on this phone
    opened.set_default_navigation_timeout(patience_ms())
    page = opened.new_page()
    page.goto(url, wait_until="networkidle")
    page.wait_for_selector("flt-semantics-placeholder", state="attached")
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    return page


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


def _tap_field(phone: Page, box: Locator) -> None:
    """Tap a text field and wait until Flutter has the keyboard for it, as a person waits
    for the caret before typing."""
    phone.evaluate(KEYBOARD_WATCH)
    box.click()
    phone.wait_for_function("() => window.gadgetKeyboard()", timeout=patience_ms())


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


def test_phone_b_joins_by_typing_the_code_and_sees_a_turned_half_way_round(
    server: str, browser: Browser
) -> None:
    phone_a, code = _deal(browser, server)
    card = _card(phone_a, code)
    assert _grid(phone_a) == card.seen_from(Player.A)
    phone_a.get_by_text(f"{server}/join/{code.text}", exact=True).wait_for(timeout=patience_ms())

    phone_b = _phone(browser, server + "/")
    field = phone_b.get_by_role("textbox", name="Partner's code")
    _tap_field(phone_b, field)
    field.fill(code.text.lower().replace("-", " "))
    phone_b.get_by_role("button", name="Join", exact=True).click()
    phone_b.wait_for_url(re.compile(r"/join/"), timeout=patience_ms())
    assert _grid(phone_b) == card.seen_from(Player.B) == card.b[::-1]
    assert phone_b.get_by_text(code.text, exact=True).count() == 0


def test_a_whole_game_is_won_through_both_phones(server: str, browser: Browser) -> None:
    phone_a, phone_b, code = _two_phones(browser, server)
    card = _card(phone_a, code)

    _give_clue(phone_a, "salad")
    _see(phone_b, "A gave the clue: salad. You guess.")
    for cell in (c for c in range(25) if card.a[c] == "G"):  # A records B's touches
        _touch(phone_a, Player.A, cell)
    _see(phone_a, "B gives the next clue.")  # A's last word ended the turn by itself

    _give_clue(phone_b, "ocean")
    for cell in (c for c in range(25) if card.b[c] == "G" and card.a[c] != "G"):
        _touch(phone_b, Player.B, cell)
    for phone in (phone_a, phone_b):
        _see(phone, "Won: all 15 agents found.")
        _see(phone, "Score 23 = 21 + 2: 3 x 7 tokens left, 2 stop tokens.")
        _see(phone, "partner sees")  # both sides revealed


def test_a_restarted_server_resumes_the_game_on_both_phones(
    browser: Browser, tmp_path: Path
) -> None:
    database = tmp_path / "gadget.db"
    process, url = _start_server(database)
    try:
        phone_a, phone_b, code = _two_phones(browser, url)
        _give_clue(phone_a, "salad")
        _see(phone_b, "A gave the clue: salad. You guess.")
        stop(process)
        # Same address: the phones reconnect by themselves, nobody reloads a page.
        process, _ = _start_server(database, port=int(url.rsplit(":", 1)[1]))
        card = _card(phone_a, code)
        _touch(phone_a, Player.A, next(c for c in range(25) if card.a[c] == "G"), patience=40)
        _see(phone_b, "You found an agent.")
    finally:
        stop(process)


def test_a_phone_that_lost_the_connection_catches_up(server: str, browser: Browser) -> None:
    phone_a, phone_b, _ = _two_phones(browser, server)
    phone_b.context.set_offline(True)
    _give_clue(phone_a, "salad")
    _see(phone_a, "You gave the clue: salad. B guesses.")
    # B's screen is there, as it was before the clue: only now is the clue's absence news.
    _see(phone_b, "Either player gives the next clue.")
    assert phone_b.get_by_text("A gave the clue: salad.").count() == 0
    phone_b.context.set_offline(False)
    _see(phone_b, "A gave the clue: salad. You guess.")


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


def test_a_third_phone_and_each_players_phone_never_see_the_other_side(
    server: str, browser: Browser
) -> None:
    phone_a, phone_b, code = _two_phones(browser, server)
    card = _card(phone_a, code)
    game_url = phone_a.url
    assert GAME_ADDRESS.search(game_url)

    third = _phone(browser, server + "/")  # another browser on the same network
    _see(third, "Join your partner")
    assert third.get_by_text("Resume").count() == 0  # Home lists no one else's game
    assert third.get_by_text(code.text).count() == 0
    edited = ShareCode(code.side_b, 11, 3).text  # the bank edited, its check made right
    for url, present in (
        (game_url, "This game is on other phones"),
        (f"{server}/game/1", "No such game on this server."),
        (f"{server}/game/1/a", "This address leads nowhere."),
        (f"{server}/join/{code.text}", "Ask to take over side B"),  # B held: only a request
        (f"{server}/join/{edited}", "Ask to take over side B"),  # the same game, found by B
    ):
        _open(third, url)
        assert not _shows_a_card(third, present), url

    for phone, mine in ((phone_a, Player.A), (phone_b, Player.B)):
        for url in (f"{server}/join/{code.text}", game_url, f"{server}/"):
            _open(phone, url)
            if url != f"{server}/":
                assert _grid(phone) == card.seen_from(mine), url
        _see(phone, "Resume")  # its own game, on its own Home
        phone.go_back(wait_until="networkidle")  # back to the game: still its own side
        _semantics_on(phone)
        assert _grid(phone) == card.seen_from(mine)


def test_the_served_app_asks_no_host_but_its_own(server: str, browser: Browser) -> None:
    """Flet's client asked jsDelivr for Rive's animation runtime at every page load, which the
    app never uses: another host heard of every phone that opened the app."""

    def deal(page: Page) -> None:
        page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=patience_ms())
        page.locator("flt-semantics-placeholder").dispatch_event("click")
        page.get_by_role("button", name="New game", exact=True).click(timeout=patience_ms())
        page.get_by_text(re.compile(r"^[0-9A-Z]{5}-[0-9A-Z]{5}$")).first.wait_for(
            timeout=patience_ms()
        )

    assert hosts_asked(browser, server + "/", deal) == {"127.0.0.1"}
