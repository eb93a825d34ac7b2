"""Every text field of the served app, typed into as players do in Chromium: key by key
with no delay and at 80 ms a key, pasted, then Enter or the button at once; what arrives is
exactly what was typed, a form empties only when it has done its work, and a refused text
stays in its field with one line that says what was refused."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pytest

from gadget.engine import Player
from gadget.services.campaign import record_played_elsewhere
from gadget.store import Store
from tests.browsers import (
    Browser,
    Page,
    _card,
    _cell,
    _deal,
    _open,
    _phone,
    _select_all,
    _tap_field,
)
from tests.games import WINNING_ACTIONS, log_of
from tests.processes import patience_ms

if TYPE_CHECKING:
    from tests.shared import Served

pytestmark = pytest.mark.browser
PHONE = (390, 844)
#: How each text goes in, and what then sends it: every field meets each way of typing.
WAYS = (("keys", 0, "button"), ("keys", 80, "enter"), ("paste", 0, "button"), ("paste", 0, "enter"))
#: A's clue and B's, a turn each way of typing.
CLUES = (("salad days", "harbor"), ("tea leaves", "thunder"), ("velvet glove", "pickle"),
         ("paper lantern", "meadow"))  # fmt: skip


@pytest.fixture(scope="module")
def at_the_server(served: Served) -> Iterator[tuple[str, Store]]:
    """The run's server, and its database as the tests read it."""
    store = Store(f"sqlite:///{served.database}")
    yield served.url, store
    store.close()


def _focus(page: Page, label: str, row: int = 0) -> None:
    """Tap the field (the `row`th of that name), and wait until Flutter has the keyboard."""
    _tap_field(page, page.get_by_role("textbox", name=label, exact=True).nth(row))
    page.wait_for_function(
        "label => document.activeElement?.getAttribute('aria-label')?.startsWith(label)",
        arg=label,
        timeout=patience_ms(),
    )


def _enter(
    page: Page, label: str, text: str, way: str, delay: float, over: bool = False, row: int = 0
) -> None:
    """Type (or paste) the text into the field, over what it holds if `over`."""
    _focus(page, label, row)
    if over:
        _select_all(page)
    if way == "paste":
        page.keyboard.insert_text(text)
    else:
        page.keyboard.type(text, delay=delay)


def _send(page: Page, finish: str, button: str) -> None:
    """Enter, or the button, at once: no wait after the last key."""
    if finish == "enter":
        page.keyboard.press("Enter")
    else:
        page.get_by_role("button", name=button, exact=True).click()


def _shows(page: Page, label: str, text: str, row: int = 0) -> None:
    """Wait until the field, tapped, shows this text."""
    _focus(page, label, row)
    page.wait_for_function(
        "text => document.activeElement?.value === text", arg=text, timeout=patience_ms()
    )


def _see(page: Page, text: str) -> None:
    """Wait until the page says this (a machine kept busy by other work takes its time)."""
    page.get_by_text(text).first.wait_for(state="attached", timeout=patience_ms())


def _until(check: Callable[[], bool], what: str) -> None:
    """Wait until the database holds what was sent (a busy machine takes its time: the
    patience measured from the run's server starts)."""
    deadline = time.monotonic() + patience_ms() / 1000
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.1)


def test_teams_are_added_exactly_as_typed_and_the_form_empties(
    at_the_server: tuple[str, Store], browser: Browser
) -> None:
    url, store = at_the_server
    page = _phone(browser, url + "/teams", PHONE)
    for number, (way, delay, finish) in enumerate(WAYS):
        name, players = f"Typing team {number} Ivy", f"Ivy {number}, Jo {number}"
        _enter(page, "New team", name, way, delay)
        _enter(page, "Players (Ann, Ben)", players, way, delay)
        _send(page, finish, "Add team")
        _see(page, f"Added {name}.")
        added = {team.name: team.players for team in store.teams()}
        assert added.get(name) == (f"Ivy {number}", f"Jo {number}"), (way, finish, added)
        # The form empties: the next round types into it and must store only its own text.


def test_a_pasted_name_of_ten_thousand_characters_is_refused_by_its_length_and_kept(
    at_the_server: tuple[str, Store], browser: Browser
) -> None:
    url, store = at_the_server
    page = _phone(browser, url + "/teams", PHONE)
    _enter(page, "New team", "   ", "keys", 0)
    _enter(page, "New team", "x" * 10_000, "paste", 0)
    _enter(page, "Players (Ann, Ben)", "Ann, Ben", "paste", 0)
    _send(page, "button", "Add team")
    _see(page, "A team name has 10000 characters; at most 40.")
    _shows(page, "New team", "   " + "x" * 10_000)  # kept, to be cut down
    assert all(len(team.name) <= 40 for team in store.teams())


def _with_team(browser: Browser, url: str, name: str) -> Page:
    """A phone that has just added a team of this name (typed, then Enter)."""
    page = _phone(browser, url + "/teams", PHONE)
    _enter(page, "New team", name, "keys", 0)
    _send(page, "enter", "Add team")
    _see(page, f"Added {name}.")
    return page


def test_the_team_screen_saves_its_name_and_players_as_typed(
    at_the_server: tuple[str, Store], browser: Browser
) -> None:
    url, store = at_the_server
    page = _with_team(browser, url, "Typing owls")
    _open(page, f"{url}/teams/{store.team('Typing owls').id}")
    _see(page, "History and charts")
    for number, (way, delay, finish) in enumerate(WAYS):
        name, players = f"Typing owls {number}", f"Kim {number}, Lu {number}"
        _enter(page, "Rename", name, way, delay)
        _enter(page, "Players", players, way, delay, over=True)
        # What the browser's field held as Save went (a clean run once saved no players:
        # Flutter's own write into a field after its tap, or the app's? This tells which.)
        held = page.get_by_role("textbox", name="Players", exact=True).input_value()
        _send(page, finish, "Save")
        _see(page, name)  # the heading
        team = store.team(name)
        assert team.players == (f"Kim {number}", f"Lu {number}"), (way, finish, held)


def test_notes_are_kept_as_typed_and_shown_as_kept(
    at_the_server: tuple[str, Store], browser: Browser
) -> None:
    url, store = at_the_server
    page = _with_team(browser, url, "Typing larks")
    for _attempt in range(2):  # two attempts at Prague, played elsewhere
        record_played_elsewhere(store, "Typing larks", "Prague", log_of(WINNING_ACTIONS).to_json())
    team = store.team("Typing larks")
    _open(page, f"{url}/teams/{team.id}/history")
    _see(page, "2 attempts shown")
    last: dict[int, str] = {}  # the last note typed on each row
    for number, (way, delay, _finish) in enumerate(WAYS):
        row, note = number % 2, f"Note {number}: lemonade, again"
        _enter(page, "Notes", note, way, delay, over=True, row=row)
        page.keyboard.press("Enter")
        last[row] = note
        expected = set(last.values()) | ({""} if len(last) < 2 else set())  # one not yet typed
        _until(lambda e=expected: _notes(store, team.id) == e, f"{last} kept")
        _focus(page, "Notes", 1 - row)  # the other note: this one loses the focus, as kept
    _open(page, page.url)
    _see(page, "2 attempts shown")
    for row, note in last.items():
        _shows(page, "Notes", note, row)
    assert _notes(store, team.id) == set(last.values())


def _notes(store: Store, team_id: int) -> set[str]:
    return {attempt.notes or "" for attempt in store.attempts(team_id)}


def test_clues_arrive_as_typed(at_the_server: tuple[str, Store], browser: Browser) -> None:
    """Each way of typing gives one clue on each phone of one game: a clue field of each
    phone is drawn afresh for every turn, as the game goes (a game a way, before)."""
    url, _store = at_the_server
    phone_a, code = _deal(browser, url, PHONE)
    phone_b = _phone(browser, f"{url}/join/{code.text}", PHONE)
    _see(phone_b, "Either player gives the next clue.")
    card = _card(phone_a, code)
    # The bystanders each side judges (A's touches are judged by B's side), none touched twice.
    by_a = [cell for cell, kind in enumerate(card.a) if kind == "-"]
    by_b = [cell for cell, kind in enumerate(card.b) if kind == "-" and cell not in by_a[:4]]
    for turn, (way, delay, finish) in enumerate(WAYS):
        if turn:  # A touches a bystander of B's side: A gives the next clue
            _cell(phone_b, Player.B, by_b[turn]).click()
            _see(phone_a, "You give the next clue.")
        _enter(phone_a, "Clue", CLUES[turn][0], way, delay)
        _send(phone_a, finish, "Give clue")
        _see(phone_b, f"A gave the clue: {CLUES[turn][0]}. You guess.")
        _cell(phone_a, Player.A, by_a[turn]).click()  # B touched a bystander
        _see(phone_b, "You give the next clue.")
        _enter(phone_b, "Clue", CLUES[turn][1], way, delay)
        _send(phone_b, finish, "Give clue")
        _see(phone_a, f"B gave the clue: {CLUES[turn][1]}. You guess.")


def test_timer_seconds_typed_are_saved(at_the_server: tuple[str, Store], browser: Browser) -> None:
    url, _store = at_the_server
    page = _phone(browser, url + "/settings", PHONE)
    for seconds, (way, delay, _finish) in zip((45, 75, 95, 125), WAYS, strict=True):
        _enter(page, "Clue seconds", str(seconds), way, delay, over=True)
        page.keyboard.press("Enter")
        _see(page, "Saved: new games use these settings.")
        clock = re.compile(rf"(^|\D){seconds // 60}:{seconds % 60:02d}(\D|$)")  # the time shown
        page.get_by_text(clock).first.wait_for(state="attached", timeout=patience_ms())
        _shows(page, "Clue seconds", str(seconds))
