"""What the site's page reads as it loads (the phone's storage for this app's keys, as Flutter
keeps them, and the browser's languages) reaches the first screen with no question to the
browser; each value once, never over what the app wrote since, and what does not read is
asked of the browser as before."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import msgpack
import pytest

from gadget.engine import Deal, Player
from gadget.services import addresses
from gadget.site.dealt import DEALT_KEY
from gadget.site.hold import TEAM_KEY, UNREADABLE_KEY
from gadget.site.play import TIMER_KEY
from gadget.site.team import new_team
from gadget.views.parts import storage
from gadget.views.parts.language import STORAGE_KEY as LANGUAGE_KEY
from tests.phones import Phone
from tests.test_site_screens import alone

GET, DEVICE = "get", "get_device_info"


@pytest.fixture(autouse=True)
def _nothing_read_after() -> Iterator[None]:
    yield
    storage.give("")  # the next test's phones: no page read anything


def page_read(kept: dict[str, Any], languages: list[str]) -> str:
    """What the page hands over: each value as Flutter keeps it (JSON, under "flutter.")."""
    return json.dumps(
        {
            "kept": {f"flutter.{key}": json.dumps(value) for key, value in kept.items()},
            "languages": languages,
        }
    )


def questions(phone: Phone) -> list[tuple[str, str | None]]:
    """Every method this phone's app asked of the browser: its name and the key it read."""
    asked = []
    for frame in phone.connection.frames:
        action, body = msgpack.unpackb(frame, strict_map_key=False)
        if action == 5:  # MessageAction.INVOKE_METHOD
            asked.append((body["name"], (body.get("args") or {}).get("key")))
    return asked


@alone
async def test_the_first_screen_asks_the_browser_nothing_the_page_read() -> None:
    team = new_team("Les Lynx")
    storage.give(page_read({LANGUAGE_KEY: "fr", TEAM_KEY: team.to_json()}, ["en-GB"]))
    home = await Phone("/", site=True).open()
    assert home.says("Les Lynx : carte de missions")  # the team and the language, in French
    assert home.says("Nouvelle partie")
    asked = questions(home)
    assert (GET, LANGUAGE_KEY) not in asked and (GET, TEAM_KEY) not in asked, asked
    assert (DEVICE, None) not in asked, asked
    opening = "Gadget…".encode()  # the app's name while storage is read: never drawn here
    assert not any(opening in frame for frame in home.connection.frames)


@alone
async def test_a_team_the_page_read_that_does_not_read_is_set_aside_and_said() -> None:
    storage.give(page_read({TEAM_KEY: '{"format": "gadget-team/1", "torn'}, ["en"]))
    home = await Phone("/", site=True).open()
    assert home.says("The team kept on this phone could not be read and was set aside")
    assert home.storage[UNREADABLE_KEY] == '{"format": "gadget-team/1", "torn'
    assert home.says("Our team: mission map")


@alone
async def test_the_browsers_languages_read_by_the_page_choose_the_language() -> None:
    storage.give(page_read({}, ["fr-CA", "en"]))
    side_b = await Phone(addresses.play(Deal(1).code, Player.B), site=True).open()
    assert side_b.says("Côté B")
    assert (DEVICE, None) not in questions(side_b)


@alone
async def test_a_value_the_app_wrote_since_is_read_from_the_browser() -> None:
    storage.give(page_read({}, ["en"]))  # the page found no deal kept on this phone
    phone = await Phone("/", site=True).open()
    await phone.tap("New game")  # the deal is written, then its side A read back
    assert phone.says("Side A")
    assert phone.texts() and not phone.says("only on the phone that dealt it")
    assert (GET, DEALT_KEY) in questions(phone)


@alone
async def test_each_value_the_page_read_is_taken_once() -> None:
    storage.give(page_read({TIMER_KEY: "{}"}, []))
    assert storage.given(TIMER_KEY) == "{}"
    assert isinstance(storage.given(TIMER_KEY), storage.Unknown)  # the browser is asked now
    assert storage.given("gadget.never.kept") is None  # the page read every key: not there
    assert isinstance(storage.given(TIMER_KEY), storage.Unknown)


@pytest.mark.parametrize(
    "told",
    ["", "not json", "[1, 2]", '{"kept": "nothing", "languages": "fr"}', '{"languages": [1]}'],
)
def test_a_page_read_that_does_not_read_leaves_every_key_to_the_browser(told: str) -> None:
    storage.give(told)
    assert isinstance(storage.given(TEAM_KEY), storage.Unknown)
    assert isinstance(storage.given(storage.LANGUAGES), storage.Unknown)


def test_a_kept_value_that_is_not_json_is_asked_of_the_browser() -> None:
    storage.give(json.dumps({"kept": {f"flutter.{TEAM_KEY}": "{torn"}, "languages": []}))
    assert isinstance(storage.given(TEAM_KEY), storage.Unknown)


@alone
async def test_with_nothing_read_by_the_page_the_browser_is_asked_as_before() -> None:
    home = await Phone("/", site=True).open()
    asked = questions(home)
    assert (GET, LANGUAGE_KEY) in asked and (GET, TEAM_KEY) in asked and (DEVICE, None) in asked
