"""Every service call that writes takes the phone and checks it: a contract on the table's
methods, and each write tried from a phone that may not make it."""

from __future__ import annotations

import asyncio
import inspect
from typing import Final, get_type_hints

import pytest

from gadget.engine import Clue, Guess, Player
from gadget.engine.timing import TimerSettings
from gadget.missions import default_map
from gadget.services.phones import Phone
from gadget.services.table import Table
from gadget.store import NotFoundError, Store
from tests.clocks import FakeClock
from tests.seated import Seated, new_phone

# The table's public calls that change nothing (each read of another phone's team or game
# still refuses or shows only what that phone may see: tested with the screens).
READS: Final = frozenset(
    {
        "find",
        "game",
        "game_at",
        "phone_game",
        "games_of",
        "default_timer",
        "timer",
        "timer_settings",
        "seat_of",
        "can_be_allowed",
        "may_answer",
        "moves_at",
        "requests_to_answer",
        "team_of",
        "teams_of",
        "campaign",
        "maps_for",
        "completed",
        "practice_attempts",
        "history",
    }
)


def _writes(cls: type) -> list[str]:
    return sorted(
        name
        for name, member in inspect.getmembers(cls, inspect.isfunction)
        if not name.startswith("_") and name not in READS
    )


def phone_parameter_problems(cls: type) -> list[str]:
    """Each public write of `cls` that does not take a phone (a `Phone`, never optional)."""
    problems = []
    for name in _writes(cls):
        hints = get_type_hints(getattr(cls, name))
        if hints.get("phone") is not Phone:
            problems.append(f"{cls.__name__}.{name} writes and takes no phone")
    return problems


def test_every_write_of_the_table_takes_the_phone() -> None:
    assert _writes(Table)  # the contract has something to hold
    assert phone_parameter_problems(Table) == []


def test_the_contract_fails_on_a_write_that_skips_the_phone() -> None:
    class Planted(Table):
        def wipe_timer(self, game_id: int) -> None:
            """A planted write without a phone."""

        def tidy(self, phone: Phone | None, game_id: int) -> None:
            """A planted write whose phone may be missing."""

    assert phone_parameter_problems(Planted) == [
        "Planted.tidy writes and takes no phone",
        "Planted.wipe_timer writes and takes no phone",
    ]


@pytest.fixture
def table(store: Store) -> Table:
    return Table(store, clock=FakeClock())


def test_a_phone_outside_a_team_reads_and_writes_nothing_of_it(table: Table) -> None:
    member, stranger = new_phone(), new_phone()
    owls = table.add_team(member, "Owls", ["Ann", "Ben"])
    seated = Seated.deal(table, team_name="Owls", mission_name="Prague", seed=1, phone=member)
    seated.act(Clue(Player.A))
    seated.act(Guess(Player.B, seated.game.log.card.a.index("X")))  # lost: an attempt kept
    attempt_id = table.store.attempts(owls.id)[0].id
    refusals = [
        lambda: table.team_of(stranger, owls.id),
        lambda: table.campaign(stranger, owls.id),
        lambda: table.maps_for(stranger, owls.id),
        lambda: table.completed(stranger, owls.id),
        lambda: table.update_team(stranger, owls.id, name="Bats"),
        lambda: table.import_map(stranger, owls.id, default_map()),
        lambda: table.new_invite(stranger, owls.id),
        lambda: table.set_attempt_notes(stranger, attempt_id, "mine now"),
        lambda: asyncio.run(table.history(stranger, owls.id)),
        lambda: asyncio.run(table.export_team(stranger, owls.id)),
        lambda: table.deal(team_name="Owls", mission_name="Berlin", phone=stranger),
    ]
    for refused in refusals:
        with pytest.raises(NotFoundError):
            refused()
    team = table.team_of(member, owls.id)
    assert (team.name, team.invite, team.map_id) == ("Owls", owls.invite, owls.map_id)
    assert table.store.attempts(owls.id)[0].notes == ""
    table.set_attempt_notes(member, attempt_id, "ours")
    assert table.store.attempts(owls.id)[0].notes == "ours"


def test_a_practice_games_note_is_only_its_players(table: Table) -> None:
    seated = Seated.deal(table, seed=2)
    seated.act(Clue(Player.A))
    seated.act(Guess(Player.B, seated.game.log.card.a.index("X")))  # the assassin: it ends
    attempt_id = table.practice_attempts(seated.phones[Player.B])[0].id
    with pytest.raises(NotFoundError):
        table.set_attempt_notes(new_phone(), attempt_id, "not yours")
    table.set_attempt_notes(seated.phones[Player.A], attempt_id, "close one")
    assert table.practice_attempts(seated.phones[Player.B])[0].notes == "close one"


def test_timer_defaults_are_each_phones_own(table: Table) -> None:
    first, second = new_phone(), new_phone()
    table.set_default_timer(TimerSettings(True, 45, 45), first)
    assert table.default_timer(second) == TimerSettings()
