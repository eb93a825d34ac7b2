"""Screenshots of the main screens for the README, at a phone's size (390x844) in English and
in French (`fr-` names), and two at a desktop's (1280x800): `make screenshots`."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Locator, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gadget.engine import KeyCard, ShareCode  # noqa: E402
from gadget.engine.classic import Game  # noqa: E402
from gadget.language import Language, language  # noqa: E402
from gadget.missions import default_map  # noqa: E402
from gadget.services.campaign import record_played_elsewhere  # noqa: E402
from gadget.services.printing.booklets import print_booklets  # noqa: E402
from gadget.services.printing.classic_keycards import print_classic_keycards  # noqa: E402
from gadget.services.printing.keycards import print_keycards  # noqa: E402
from gadget.services.printing.map_pdf import print_map  # noqa: E402
from gadget.store import Store  # noqa: E402
from tests.browsers import CHROMIUM, _give_clue, _open, _phone, _see, _type  # noqa: E402
from tests.games import ASSASSIN_ACTIONS, WINNING_ACTIONS, log_of  # noqa: E402
from tests.processes import _free_port, _start_server  # noqa: E402
from tests.test_browser_site import static_server  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
PHONE, DESKTOP = (390, 844), (1280, 800)
PAPER = ROOT / "docs" / "paper"
CODE = re.compile(r"^[0-9A-Z]{5}-[0-9A-Z]{5}$")
BOOT = 180_000  # ms: the site's Python starts in the browser, slowly on a busy machine
LOCALES = {"en": "en-US", "fr": "fr-FR"}
CLUES = {"en": ("salad", "ocean"), "fr": ("salade", "océan")}  # the two clues of the game
CHOICE = "flutter.gadget.language"  # where the site keeps the language a phone chose
COLOURS = {"agent": "G", "assassin": "X", "bystander": "-"}  # the cell words, by colour


def prepare(database: Path) -> tuple[int, str]:
    """A team that has won Prague and Cairo and lost once, for the campaign pictures: its
    number and its invite secret (the phone that takes the pictures joins it first)."""
    store = Store(f"sqlite:///{database}")
    team = store.add_team("Owls", ["Ann", "Ben"])
    for mission, bank, actions in (
        ("Prague", (9, 9), ASSASSIN_ACTIONS),
        ("Prague", (9, 9), WINNING_ACTIONS),
        ("Cairo", (9, 5), WINNING_ACTIONS),
    ):
        record_played_elsewhere(store, "Owls", mission, log_of(actions, *bank).to_json())
    store.close()
    return team.id, team.invite


def paper_pictures() -> None:
    """The first page of each PDF (the booklet's first game), as PNG for the README."""
    PAPER.mkdir(parents=True, exist_ok=True)
    shipped = default_map()
    won = frozenset({"prague", "cairo"})
    for name, pdf, page in (
        ("map", print_map(shipped, "a4", "Owls", won), 1),
        ("booklet", print_booklets(42, 2), 2),
        ("keycards", print_keycards(42, 6), 1),
        ("keycards-classic", print_classic_keycards(Game.CLASSIC, 42, 6), 1),
        ("keycards-pictures", print_classic_keycards(Game.PICTURES, 42, 6), 1),
        ("map-fr", print_map(shipped, "a4", "Owls", won, lang="fr"), 1),
        ("booklet-fr", print_booklets(42, 2, "fr", "fr"), 2),
    ):
        path = PAPER / f"{name}.pdf"
        path.write_bytes(pdf)
        subprocess.run(
            ["pdftoppm", "-r", "60", "-f", str(page), "-l", str(page), "-png", "-singlefile",
             str(path), str(PAPER / name)],
            check=True,
        )  # fmt: skip
        path.unlink()
        print(f"docs/paper/{name}.png")


def shoot(page: Page, name: str, still: str = "") -> None:
    """A picture of the screen once it settles; taken again if the text `still` (which the
    screen says) went away meanwhile (Flet's client drew "Working..." over a team's map
    once, on a busy machine)."""
    for _ in range(3):
        page.wait_for_timeout(600)
        page.screenshot(path=str(OUT / f"{name}.png"))
        if not still or page.get_by_text(still).count():
            break
        _see(page, still)
    print(f"docs/screenshots/{name}.png")


class Words:
    """What the flow waits for and taps, in the phone's language, from the app's own
    catalogue (so a French picture is taken with the words a French player reads)."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.language: Language = language(code)
        self.locale = LOCALES[code]
        self.prefix = "" if code == "en" else f"{code}-"  # of the pictures' names
        self.clues = CLUES[code]

    def __call__(self, message: str, **fields: object) -> str:
        """A message as the app says it, its fields filled."""
        said = self.language.gettext(message)
        return said.format(**fields) if fields else said

    def place(self, row: int, column: int) -> str:
        """How a cell's label begins (row and column count from 1)."""
        words = self.language.gettext("row {row} column {column}: {words}")
        return words.format(row=row, column=column, words="")

    def cell(self, row: int, column: int, then: str = "") -> re.Pattern[str]:
        """A cell's label, however its words go on after `then`."""
        return re.compile("^" + re.escape(self.place(row, column) + then))

    def colour(self, label: str, row: int, column: int) -> str:
        """The colour letter of a cell, from its label."""
        said = label.removeprefix(self.place(row, column))
        first = said.split(self.language.gettext(", "))[0]
        return next(c for w, c in COLOURS.items() if self.language.pgettext("cell", w) == first)


def _grid(page: Page, say: Words) -> str:
    """The 25 cells as the page labels them, row by row from the player's seat."""
    cells = []
    for row in range(1, 6):
        for column in range(1, 6):
            label = page.get_by_text(say.cell(row, column)).first
            label.wait_for(state="attached", timeout=30_000)
            cells.append(say.colour(label.inner_text(), row, column))
    return "".join(cells)


def _button(page: Page, say: Words, row: int, column: int) -> Locator:
    """A cell's button, at its row and column from this phone's seat."""
    return page.get_by_role("button", name=say.cell(row, column))


def _touch_agent(phone: Page, say: Words, cell: int) -> None:
    """Record the partner's touch of an agent (A's frame), and tap again until the card
    shows it covered (a phone still reconnecting loses the tap)."""
    row, column = divmod(cell, 5)
    found = say.language.pgettext("cell", "agent") + say.language.gettext(", ") + say("agent found")
    covered = say.cell(row + 1, column + 1, found)
    shown = phone.get_by_role("button", name=covered).or_(phone.get_by_text(covered)).first
    deadline = time.monotonic() + 30
    while True:
        _button(phone, say, row + 1, column + 1).click()
        try:
            shown.wait_for(state="attached", timeout=5_000)
            return
        except PlaywrightTimeout:
            if time.monotonic() > deadline:
                raise


def _deal(browser: Browser, url: str, say: Words, size: tuple[int, int]) -> tuple[Page, ShareCode]:
    """Phone A deals a new game: the phone and the code it shows for B."""
    phone_a = _phone(browser, url + "/", size, locale=say.locale)
    phone_a.get_by_role("button", name=say("New game"), exact=True).click()
    shown = phone_a.get_by_text(CODE).first
    shown.wait_for(timeout=30_000)
    return phone_a, ShareCode.parse(shown.inner_text())


def shoot_game(browser: Browser, url: str, say: Words) -> None:
    """A game on two phones in one language, from the deal to the end."""
    name = say.prefix
    home = _phone(browser, url + "/", PHONE, locale=say.locale)
    _see(home, say("Join your partner"))
    shoot(home, name + "home")
    opened = [home]
    if not name:
        desk, _ = _deal(browser, url, say, DESKTOP)
        shoot(desk, "desktop-game")
        opened.append(desk)
    phone_a, code = _deal(browser, url, say, PHONE)
    shoot(phone_a, name + "side-a")
    phone_b = _phone(browser, f"{url}/join/{code.text}", PHONE, locale=say.locale)
    _see(phone_b, say("Either player gives the next clue."))
    shoot(phone_b, name + "side-b")
    card = KeyCard(_grid(phone_a, say), code.side_b)
    _give_clue(phone_a, say.clues[0], say("Clue"), say("Give clue"))
    _touch_agent(phone_a, say, next(c for c in range(25) if card.a[c] == "G"))
    _see(phone_b, say("You found an agent."))
    shoot(phone_a, name + "recording")
    tan = next(c for c in range(25) if card.a[c] == "-" and card.b[c] == "-")
    _button(phone_a, say, tan // 5 + 1, tan % 5 + 1).click()
    _see(phone_b, say("You touched a bystander: the turn ends."))
    shoot(phone_b, name + "guesser")
    phone_b.get_by_role("button", name=say("Turn timer on")).click()
    _see(phone_b, say("{clock} for the clue").split("{clock}")[1].strip())
    shoot(phone_b, name + "timer")
    clue = say.clues[1]
    _give_clue(phone_b, clue, say("Clue"), say("Give clue"))
    _see(phone_b, say("You gave the clue: {clue}. {partner} guesses.").split("{partner}")[0]
         .format(clue=clue).strip())  # fmt: skip
    assassin = card.b.index("X")  # A touches one of B's assassins; B records it
    row, column = divmod(24 - assassin, 5)
    _button(phone_b, say, row + 1, column + 1).click()
    _see(phone_a, say("Lost: you touched the assassin."))
    shoot(phone_a, name + "the-end")
    settings = _phone(browser, url + "/settings", PHONE, locale=say.locale)
    _see(settings, say("Warnings at 30 and 10 seconds; a sound and a vibration at zero."))
    shoot(settings, name + "settings")
    for page in (*opened, phone_a, phone_b, settings):  # a busy machine needs the memory
        page.context.close()


def shoot_campaign(browser: Browser, url: str, team_id: int, invite: str, say: Words) -> None:
    """The team's map, a city's card, the history with its charts, and the paper screen,
    on a phone that joined the team by its invite link."""
    name = say.prefix
    open_now = say("Open now: {cities}").split("{cities}")[0].strip()
    if not name:
        desk = _phone(browser, f"{url}/invite/{invite}", DESKTOP, locale=say.locale)
        _see(desk, say("This phone is now in {team}.", team="Owls"))
        _open(desk, f"{url}/teams/{team_id}")
        _see(desk, open_now)
        shoot(desk, "desktop-map")
        desk.context.close()
    phone = _phone(browser, f"{url}/invite/{invite}", PHONE, locale=say.locale)
    _see(phone, say("This phone is now in {team}.", team="Owls"))
    _open(phone, f"{url}/teams/{team_id}")
    _see(phone, open_now)
    shoot(phone, name + "mission-map", open_now)
    _open(phone, f"{url}/teams/{team_id}/missions/berlin")
    _see(phone, say("Start this mission"))
    shoot(phone, name + "mission-card", say("Start this mission"))
    _open(phone, f"{url}/teams/{team_id}/history")
    shown = say.language.ngettext("{count} attempt shown", "{count} attempts shown", 3)
    _see(phone, shown.format(count=3))
    phone.mouse.wheel(0, 400)
    shoot(phone, name + "history", shown.format(count=3))
    paper = _phone(browser, url + "/paper", PHONE, locale=say.locale)
    _see(paper, say("Play without phones: booklets (one per player) or key cards to fold."))
    shoot(paper, name + "paper")
    phone.context.close()
    paper.context.close()


def record_a_win(phone: Page, say: Words, tokens_left: int, stops: int) -> None:
    """Open the site's result form at the end of a game and record a win (the city as
    offered)."""
    phone.get_by_role("button", name=say("The game is over: record the result")).click()
    _type(
        phone,
        phone.get_by_role("textbox", name=say("Tokens left in the time bank")),
        str(tokens_left),
    )
    _type(phone, phone.get_by_role("textbox", name=say("Stop tokens")), str(stops))
    phone.get_by_role("button", name=say("Record the result"), exact=True).click()


def _site_phone(browser: Browser, url: str, say: Words, chosen: bool) -> Page:
    """A new phone on the site that can reach only this machine, its language `chosen` in
    its storage before the site starts (as the site's Language dropdown keeps it) or left
    to its browser's."""
    context = browser.new_context(
        viewport={"width": PHONE[0], "height": PHONE[1]}, locale=say.locale
    )
    context.route(re.compile(r"^(?!http://127\.0\.0\.1[:/]).*"), lambda route: route.abort())
    if chosen:
        context.add_init_script(
            f"localStorage.setItem({json.dumps(CHOICE)}, {json.dumps(json.dumps(say.code))})"
        )
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=BOOT)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    return page


def _site_home(browser: Browser, address: str, say: Words) -> tuple[Page, bool]:
    """The site's home in the phone's language: the browser's, or chosen in its storage
    if the site speaks English to a browser set to another language (said on the output)."""
    page = _site_phone(browser, address, say, chosen=False)
    english = page.get_by_role("button", name="New game", exact=True)
    wanted = page.get_by_role("button", name=say("New game"), exact=True)
    wanted.or_(english).first.wait_for(timeout=BOOT)
    if not say.prefix or wanted.count():
        return page, False
    print(f"the site spoke English to a {say.locale} browser: {say.code} chosen in its storage")
    page.context.close()
    page = _site_phone(browser, address, say, chosen=True)
    wanted = page.get_by_role("button", name=say("New game"), exact=True)
    wanted.wait_for(timeout=BOOT)
    return page, True


def shoot_site(browser: Browser, address: str, say: Words) -> None:
    """The static site on its own: a phone's home, both sides, the result, the team."""
    name = say.prefix + "site-"
    phone_a, chosen = _site_home(browser, address, say)
    shoot(phone_a, name + "home")
    phone_a.get_by_role("button", name=say("New game"), exact=True).click()
    code = phone_a.get_by_text(CODE).first
    code.wait_for(state="attached", timeout=60_000)
    shoot(phone_a, name + "side-a")
    phone_b = _site_phone(browser, f"{address}#/join/{code.inner_text()}", say, chosen)
    phone_b.get_by_text(say("Side B")).first.wait_for(state="attached", timeout=BOOT)
    phone_b.get_by_role("switch", name=say("Turn timer")).click()
    phone_b.get_by_role("button", name=say("Time the clue"), exact=True).click()
    shoot(phone_b, name + "side-b")
    record_a_win(phone_a, say, tokens_left=2, stops=7)
    cities = ", ".join(say.language.city(c) for c in ("Berlin", "Moscow", "Cairo"))
    _see(phone_a, say("Now open: {cities}.", cities=cities))
    phone_a.mouse.wheel(0, 2000)
    shoot(phone_a, name + "result")
    phone_a.goto(address + "#/team")
    opened = say.language.pgettext("mission", "open")
    _see(phone_a, say("{city} {bank}, {state}", city="Berlin", bank="11-2", state=opened))
    shoot(phone_a, name + "team")
    phone_a.context.close()
    phone_b.context.close()


def shoot_sites(
    browser: Browser,
    codes: list[str],
    shoot_one: Callable[[Browser, str, Words], None] | None = None,
) -> None:
    """The site built and served as a static host would, its pictures (`shoot_site`'s, or
    `shoot_one`'s) taken in each language."""
    site = Path(tempfile.mkdtemp()) / "site"
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(site)], check=True
    )
    port = _free_port()
    server = static_server(site, port)
    try:
        for code in codes:
            (shoot_one or shoot_site)(browser, f"http://127.0.0.1:{port}/", Words(code))
    finally:
        server.terminate()
        server.wait(timeout=10)


def _browser(playwright: object) -> Browser:
    return playwright.chromium.launch(  # type: ignore[attr-defined, no-any-return]
        executable_path=str(CHROMIUM),
        headless=True,
        args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    )


def shoot_served(
    shoot_one: Callable[[Browser, str, Words], None],
    on_site: Callable[[Browser, str, Words], None] | None = None,
) -> None:
    """A tool's pictures of the served app (a server of its own), then of the site if it
    takes any (`on_site`), in the languages named on its command line, or in each."""
    OUT.mkdir(parents=True, exist_ok=True)
    codes = sys.argv[1:] or list(LOCALES)
    process, url = _start_server(Path(tempfile.mkdtemp()) / "gadget.db")
    try:
        with sync_playwright() as playwright:
            browser = _browser(playwright)
            for code in codes:
                shoot_one(browser, url, Words(code))
            if on_site is not None:
                shoot_sites(browser, codes, on_site)
            browser.close()
    finally:
        process.terminate()
        process.wait(timeout=10)


def shoot_app(codes: list[str], site: bool = False) -> None:
    """The served app's pictures in each language (a server of its own, with a team), then
    the site's if asked."""
    database = Path(tempfile.mkdtemp()) / "gadget.db"
    team_id, invite = prepare(database)
    process, url = _start_server(database)
    try:
        with sync_playwright() as playwright:
            browser = _browser(playwright)
            for code in codes:
                shoot_game(browser, url, Words(code))
                shoot_campaign(browser, url, team_id, invite, Words(code))
            if site:
                shoot_sites(browser, codes)
            browser.close()
    finally:
        process.terminate()
        process.wait(timeout=10)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    if sys.argv[1:3] == ["--only", "app"]:  # the served app's pictures alone, or a language's
        shoot_app(sys.argv[3:] or list(LOCALES))
        return
    if sys.argv[1:3] == ["--only", "site"]:  # the site's pictures alone (no server, no paper)
        with sync_playwright() as playwright:
            browser = _browser(playwright)
            shoot_sites(browser, sys.argv[3:] or list(LOCALES))  # or the languages named
            browser.close()
        return
    paper_pictures()
    shoot_app(list(LOCALES), site=True)


if __name__ == "__main__":
    main()
