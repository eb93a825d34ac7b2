"""Screenshots of the main screens for the README, at a phone's size (390x844) and two at a
desktop's (1280x800): `make screenshots`."""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gadget.engine import Player  # noqa: E402
from gadget.missions import default_map  # noqa: E402
from gadget.services.campaign import record_played_elsewhere  # noqa: E402
from gadget.services.printing.booklets import print_booklets  # noqa: E402
from gadget.services.printing.keycards import print_keycards  # noqa: E402
from gadget.services.printing.map_pdf import print_map  # noqa: E402
from gadget.store import Store  # noqa: E402
from tests.games import ASSASSIN_ACTIONS, WINNING_ACTIONS, log_of  # noqa: E402
from tests.test_browser import (  # noqa: E402
    CHROMIUM,
    _card,
    _deal,
    _free_port,
    _give_clue,
    _open,
    _phone,
    _see,
    _start_server,
    _touch,
)
from tests.test_browser_site import _phone as _site_phone  # noqa: E402
from tests.test_browser_site import record_a_win, static_server  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
PHONE, DESKTOP = (390, 844), (1280, 800)
PAPER = ROOT / "docs" / "paper"


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


def shoot(page: Page, name: str) -> None:
    page.wait_for_timeout(600)
    page.screenshot(path=str(OUT / f"{name}.png"))
    print(f"docs/screenshots/{name}.png")


def shoot_game(browser: Browser, url: str) -> None:
    """A game on two phones, from the deal to the end."""
    home = _phone(browser, url + "/", PHONE)
    shoot(home, "home")
    desk, _ = _deal(browser, url, DESKTOP)
    shoot(desk, "desktop-game")
    phone_a, code = _deal(browser, url, PHONE)
    shoot(phone_a, "side-a")
    phone_b = _phone(browser, f"{url}/join/{code.text}", PHONE)
    _see(phone_b, "Either player gives the next clue.")
    shoot(phone_b, "side-b")
    card = _card(phone_a, code)
    _give_clue(phone_a, "salad")
    _touch(phone_a, Player.A, next(c for c in range(25) if card.a[c] == "G"))
    _see(phone_b, "You found an agent.")
    shoot(phone_a, "recording")
    tan = next(c for c in range(25) if card.a[c] == "-" and card.b[c] == "-")
    phone_a.get_by_role(
        "button", name=re.compile(rf"^row {tan // 5 + 1} column {tan % 5 + 1}: ")
    ).click()
    _see(phone_b, "You touched a bystander: the turn ends.")
    shoot(phone_b, "guesser")
    phone_b.get_by_role("button", name="Turn timer on").click()
    _see(phone_b, "for the clue")
    shoot(phone_b, "timer")
    _give_clue(phone_b, "ocean")
    _see(phone_b, "You gave the clue: ocean.")
    assassin = card.b.index("X")  # A touches one of B's assassins; B records it
    row, column = divmod(24 - assassin, 5)
    phone_b.get_by_role("button", name=re.compile(rf"^row {row + 1} column {column + 1}: ")).click()
    _see(phone_a, "Lost: You touched the assassin.")
    shoot(phone_a, "the-end")
    shoot(_phone(browser, url + "/settings", PHONE), "settings")


def shoot_campaign(browser: Browser, url: str, team_id: int, invite: str) -> None:
    """The team's map, a city's card, the history with its charts, and the paper screen,
    on a phone that joined the team by its invite link."""
    desk = _phone(browser, f"{url}/invite/{invite}", DESKTOP)
    _see(desk, "This phone is now in Owls.")
    _open(desk, f"{url}/teams/{team_id}")
    _see(desk, "Open now")
    shoot(desk, "desktop-map")
    phone = _phone(browser, f"{url}/invite/{invite}", PHONE)
    _see(phone, "This phone is now in Owls.")
    _open(phone, f"{url}/teams/{team_id}")
    _see(phone, "Open now")
    shoot(phone, "mission-map")
    _open(phone, f"{url}/teams/{team_id}/missions/berlin")
    _see(phone, "Start this mission")
    shoot(phone, "mission-card")
    _open(phone, f"{url}/teams/{team_id}/history")
    history = phone
    _see(history, "attempts shown")
    history.mouse.wheel(0, 400)
    shoot(history, "history")
    shoot(_phone(browser, url + "/paper", PHONE), "paper")


def shoot_french(browser: Browser, url: str, team_id: int, invite: str) -> None:
    """The app on a phone whose browser is set to French (its partner stays in English)."""
    home = _phone(browser, url + "/", PHONE, locale="fr-FR")
    _see(home, "Rejoindre votre partenaire")
    shoot(home, "fr-home")
    home.get_by_role("button", name="Nouvelle partie", exact=True).click()
    shown = home.get_by_text(re.compile(r"^[0-9A-Z]{5}-[0-9A-Z]{5}$")).first
    shown.wait_for(timeout=10_000)
    code = shown.inner_text()
    partner = _phone(browser, f"{url}/join/{code}", PHONE, locale="en-US")
    _see(partner, "Either player gives the next clue.")
    _give_clue(home, "rivière", "Indice", "Donner l'indice")
    _see(home, "Vous avez donné l'indice : rivière. B est l'agent.")
    shoot(home, "fr-game")
    phone = _phone(browser, f"{url}/invite/{invite}", PHONE, locale="fr-FR")
    _see(phone, "Ce téléphone est maintenant dans Owls.")
    _open(phone, f"{url}/teams/{team_id}")
    _see(phone, "Ouvertes")
    shoot(phone, "fr-mission-map")
    _open(phone, f"{url}/settings")
    _see(phone, "Réglages")
    shoot(phone, "fr-settings")


def shoot_site(browser: Browser) -> None:
    """The static site on its own: a phone's home, both sides, the result, the team."""
    site = Path(tempfile.mkdtemp()) / "site"
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(site)], check=True
    )
    port = _free_port()
    server = static_server(site, port)
    address = f"http://127.0.0.1:{port}/"
    try:
        phone_a, _refused = _site_phone(browser, address)
        phone_a.get_by_role("button", name="New game", exact=True).wait_for(timeout=120_000)
        shoot(phone_a, "site-home")
        phone_a.get_by_role("button", name="New game", exact=True).click()
        code = phone_a.get_by_text(re.compile(r"^[0-9A-Z]{5}-[0-9A-Z]{5}$")).first
        code.wait_for(state="attached", timeout=30_000)
        shoot(phone_a, "site-side-a")
        phone_b, _refused = _site_phone(browser, f"{address}#/join/{code.inner_text()}")
        _see(phone_b, "Side B")
        phone_b.get_by_role("switch", name="Turn timer").click()
        phone_b.get_by_role("button", name="Time the clue", exact=True).click()
        shoot(phone_b, "site-side-b")
        record_a_win(phone_a, tokens_left=2, stops=7)
        _see(phone_a, "Now open: Berlin, Moscow, Cairo.")
        phone_a.mouse.wheel(0, 2000)
        shoot(phone_a, "site-result")
        phone_a.goto(address + "#/team")
        _see(phone_a, "Berlin 11-2, open")
        shoot(phone_a, "site-team")
    finally:
        server.terminate()
        server.wait(timeout=10)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    if sys.argv[1:] == ["--only", "site"]:  # the site's pictures alone (no server, no paper)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM),
                headless=True,
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
            )
            shoot_site(browser)
            browser.close()
        return
    paper_pictures()
    database = Path(tempfile.mkdtemp()) / "gadget.db"
    team_id, invite = prepare(database)
    process, url = _start_server(database)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM),
                headless=True,
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
            )
            shoot_game(browser, url)
            shoot_campaign(browser, url, team_id, invite)
            shoot_french(browser, url, team_id, invite)
            shoot_site(browser)
            browser.close()
    finally:
        process.terminate()
        process.wait(timeout=10)


if __name__ == "__main__":
    main()
