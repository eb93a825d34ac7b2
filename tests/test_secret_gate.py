"""The view is the secret's gate (issue 35): what a phone's screen of a Duet game is handed is
built in the services from the side that phone holds. Every value it gets, walked field by
field, holds no log, card, state or saved game while the game is played, nor the other
side's colours; and no screen of the Duet game imports what holds both sides."""

from __future__ import annotations

import ast
import dataclasses
import typing
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from gadget.engine import (
    Clue,
    GameLog,
    GameState,
    Guess,
    KeyCard,
    Player,
    ShareCode,
    recorder,
)
from gadget.services import side_seen
from gadget.services.games import SavedGame
from gadget.services.side_seen import SideSeen
from gadget.services.table import Table
from gadget.store import Attempt, Store
from tests.clocks import FakeClock
from tests.seated import Seated, new_phone

A, B = Player.A, Player.B
BOTH_SIDES = (GameLog, GameState, KeyCard, SavedGame)  # what holds both sides of a card
VIEWS = Path(__file__).resolve().parents[1] / "gadget" / "views"
# Names a Duet screen never imports: each hands a screen both sides, or works them out.
NEVER_IMPORTED = {"SavedGame", "GameState", "KeyCard", "view_for", "replay", "apart", "may_undo"}


@pytest.fixture
def table(store: Store) -> Table:
    return Table(store, clock=FakeClock())


def _walk(value: object, path: str) -> Iterator[tuple[str, object]]:
    """Every value inside this one, with where it lies (not inside what holds both sides:
    that is reported once)."""
    yield path, value
    if isinstance(value, (*BOTH_SIDES, ShareCode)):  # a code: what phone A hands phone B
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from _walk(getattr(value, field.name), f"{path}.{field.name}")
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _walk(item, f"{path}[{key!r}]")
    elif isinstance(value, tuple | list | frozenset | set):
        for index, item in enumerate(value):
            yield from _walk(item, f"{path}[{index}]")


def leaks(screen: object, other_side: str) -> list[str]:
    """Where a screen's values hold both sides, or the other side's colours."""
    return [
        path
        for path, value in _walk(screen, "screen")
        if isinstance(value, BOTH_SIDES) or (isinstance(value, str) and value == other_side)
    ]


def _screens(table: Table, seated: Seated, side: Player) -> list[object]:
    """Every value the phone holding `side` is handed: its game, as read and after a move,
    and its games on Home."""
    phone = seated.phones[side]
    return [table.phone_game(seated.game.id, phone), table.games_of(phone)]


def test_no_screen_of_a_game_being_played_is_handed_the_other_side(table: Table) -> None:
    seated = Seated.deal(table, seed=4)
    card = seated.game.log.card
    seated.act(Clue(A, "tree", 2))
    guess = Guess(B, card.a.index("G"))
    moved = table.act(seated.phones[recorder(guess)], seated.game.id, guess, seated.game.version)
    assert moved.seen is not None and leaks(moved, card.side(B)) == []  # A's phone records it
    for side in Player:
        for screen in _screens(table, seated, side):
            assert leaks(screen, card.side(side.partner)) == [], side
    # The code that opens side B: on phone A's screen only (it shows it to phone B).
    codes = [
        path
        for path, value in _walk(_screens(table, seated, B), "")
        if isinstance(value, ShareCode)
    ]
    assert codes == []
    # What any browser gets from an address or a code, holding no side (the outsider found
    # both routes kept the whole saved game in the screen's state).
    code = seated.game.log.code
    assert code is not None
    for found in (table.game_at(seated.game.public_id), table.find(code)):
        assert found is not None and leaks(found, card.side(A)) == leaks(found, card.side(B)) == []
    third = table.phone_game(seated.game.id, new_phone())  # a phone that holds no side
    assert third.seen is None and leaks(third, card.side(A)) == leaks(third, card.side(B)) == []
    shown = table.phone_game(seated.game.id, seated.phones[A])
    assert shown.seen is not None and shown.seen.view.own_side == card.side(A)  # present


def test_a_screen_handed_the_log_while_the_game_is_played_fails_the_check(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The planted leak: the story, which shows both sides, handed over before the end."""
    real = side_seen.seen_by

    def planted(
        game: SavedGame, side: Player, result: object = None, shares: bool = True
    ) -> side_seen.SideSeen:
        return dataclasses.replace(real(game, side, shares=shares), story=game.log)

    monkeypatch.setattr("gadget.services.phone_game.seen_by", planted)
    seated = Seated.deal(table, seed=4)
    shown = table.phone_game(seated.game.id, seated.phones[B])
    assert leaks(shown, seated.game.log.card.side(A)) == ["screen.seen.story"]


def test_at_the_end_both_sides_are_shown_and_the_story_is_told(table: Table) -> None:
    seated = Seated.deal(table, seed=4)
    card = seated.game.log.card
    seated.act(Clue(A))
    seated.act(Guess(B, card.a.index("X")))
    shown = table.phone_game(seated.game.id, seated.phones[B])
    assert shown.seen is not None and shown.seen.end is not None
    assert shown.seen.view.partner_side == card.side(A)
    assert shown.seen.story is not None  # the game is over: its story shows both sides


def test_no_duet_screen_imports_what_holds_both_sides() -> None:
    """The classic screens show a card both spymasters share; the story is told at the end."""
    imported: dict[str, set[str]] = {}
    for module in sorted(VIEWS.rglob("*.py")):
        if module.name.startswith("classic"):
            continue
        names = {
            alias.asname or alias.name
            for node in ast.walk(ast.parse(module.read_text()))
            if isinstance(node, ast.ImportFrom)
            for alias in node.names
        }
        if names & NEVER_IMPORTED:
            imported[module.name] = names & NEVER_IMPORTED
    assert imported == {}


def _hold_both_sides(kind: object) -> bool:
    """Whether a type (a return annotation) is, or holds in its fields, what holds both sides."""
    if isinstance(kind, type) and issubclass(kind, BOTH_SIDES):
        return True
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = typing.get_type_hints(kind)
        return any(
            _hold_both_sides(hints[field.name])
            for field in dataclasses.fields(kind)
            if (kind, field.name) not in ONCE_OVER
        )
    return any(_hold_both_sides(argument) for argument in typing.get_args(kind))


# Fields that hold both sides once a game is over, and only then (walked above on real
# values): the story at a game's end, and a finished game's log in the history.
ONCE_OVER = {(SideSeen, "story"), (Attempt, "log")}
# The table's calls a Duet screen may make that hand it a saved game: the dealing phone's
# new game (it navigates to its address; the services' and the tests' callers read the rest).
DEALT = {"deal"}


def test_no_table_call_a_duet_screen_makes_hands_it_both_sides() -> None:
    """Every `table.X(...)` in the Duet screens, by what `Table.X` is declared to return."""
    called: set[str] = set()
    for module in sorted(VIEWS.rglob("*.py")):
        if module.name.startswith("classic"):
            continue
        for node in ast.walk(ast.parse(module.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "table"
            ):
                called.add(node.func.attr)
    assert {"phone_game", "game_at", "find", "act", "undo"} <= called  # the check sees them
    both = {
        name
        for name in called - DEALT
        if callable(method := getattr(Table, name, None))  # not the clock, a field
        and _hold_both_sides(typing.get_type_hints(method).get("return"))
    }
    assert both == set()
