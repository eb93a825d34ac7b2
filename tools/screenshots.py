"""Phone-size screenshots of the main screens for the README: `make screenshots`."""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gadget.engine import Player  # noqa: E402
from tests.test_browser import (  # noqa: E402
    CHROMIUM,
    _deal,
    _give_clue,
    _phone,
    _see,
    _start_server,
    _touch,
)

OUT = ROOT / "docs" / "screenshots"


def shoot(page: Page, name: str) -> None:
    page.wait_for_timeout(600)
    page.screenshot(path=str(OUT / f"{name}.png"))
    print(f"docs/screenshots/{name}.png")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    process, url = _start_server(Path(tempfile.mkdtemp()) / "gadget.db")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM),
                headless=True,
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
            )
            home = _phone(browser, url + "/")
            shoot(home, "home")
            phone_a, code = _deal(browser, url)
            shoot(phone_a, "side-a")
            phone_a.mouse.wheel(0, 800)
            shoot(phone_a, "share")
            phone_a.mouse.wheel(0, -800)
            phone_b = _phone(browser, f"{url}/join/{code.text}")
            _see(phone_b, "Either player gives the next clue.")
            shoot(phone_b, "side-b")
            card = code.key_card()
            _give_clue(phone_a, "salad")
            greens = [c for c in range(25) if card.a[c] == "G"]
            _touch(phone_a, Player.A, greens[0])
            tan = next(c for c in range(25) if card.a[c] == "-" and card.b[c] == "-")
            _see(phone_b, "You found an agent.")
            shoot(phone_a, "recording")
            re_button = re.compile(rf"^row {tan // 5 + 1} column {tan % 5 + 1}: ")
            phone_a.get_by_role("button", name=re_button).click()
            _see(phone_b, "You touched a bystander: the turn ends.")
            shoot(phone_b, "guesser")
            phone_b.get_by_role("button", name="Turn timer on").click()
            _see(phone_b, "for the clue")
            shoot(phone_b, "timer")
            _give_clue(phone_b, "ocean")
            phone_b.get_by_role(
                "button", name=re.compile(r"^row \d column \d: assassin")
            ).first.click()
            _see(phone_a, "Lost: the assassin was found.")
            shoot(phone_a, "the-end")
            settings = _phone(browser, url + "/settings")
            shoot(settings, "settings")
            browser.close()
    finally:
        process.terminate()
        process.wait(timeout=10)


if __name__ == "__main__":
    main()
