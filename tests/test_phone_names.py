"""The names players give their phones (issue 37): every phone of a side shows its side's
phones by name, a rename reaches them at once, a phone's name follows it into its next game,
and a game's attempt keeps who played on each side, through a team's backup too. On SQLite
and PostgreSQL (whose hot reads go through the driver's own statements)."""

from __future__ import annotations

import json

import pytest
from sqlmodel import Session, select

from gadget.engine import Clue, Guess, Player
from gadget.engine.errors import GadgetError
from gadget.missions.team_document import read_document
from gadget.services.backup import export_team, import_team
from gadget.services.phones import Phone
from gadget.services.table import Table
from gadget.store import Store
from gadget.store.rows import AttemptRow
from tests.clocks import FakeClock
from tests.test_side_invites import dealt, joined, new_phone

A, B = Player.A, Player.B


@pytest.fixture
def table(store: Store) -> Table:
    return Table(store, clock=FakeClock())


def four_phones(table: Table) -> tuple[int, Phone, Phone, Phone, Phone]:
    """A game with two phones a side: A's dealer and its invitee, B's by code and invite."""
    game_id, phone_a, phone_b = dealt(table)
    second_a, second_b = new_phone(), new_phone()
    assert joined(table, table.invite_to_side(game_id, phone_a).secret, second_a) == (game_id, A)
    assert joined(table, table.invite_to_side(game_id, phone_b).secret, second_b) == (game_id, B)
    return game_id, phone_a, second_a, phone_b, second_b


def lost_at_once(table: Table, game_id: int, phone_a: Phone) -> None:
    """A's clue, then B touches A's assassin: the game is over, its attempt written."""
    game = table.game(game_id)
    assassin = game.log.card.a.index("X")
    table.act(phone_a, game_id, Clue(A, "tree", 1), game.version)
    table.act(phone_a, game_id, Guess(B, assassin), table.game(game_id).version)
    assert table.game(game_id).state.is_over


def test_every_phone_of_a_side_shows_its_sides_names_and_never_the_others(table: Table) -> None:
    game_id, phone_a, second_a, phone_b, second_b = four_phones(table)
    assert table.name_phone(second_a, "  Ann   Lee ") == "Ann Lee"  # spaces as a name has them
    table.name_phone(phone_b, "Cy")
    assert table.phone_game(game_id, phone_a).side_names == ("", "Ann Lee")
    assert table.phone_game(game_id, second_a).side_names == ("", "Ann Lee")
    assert table.phone_game(game_id, second_b).side_names == ("Cy", "")
    assert table.phone_game(game_id, phone_b).place_on_side == 0
    table.name_phone(second_a, "")  # blank: no name now
    assert table.phone_game(game_id, phone_a).side_names == ("", "")


def test_a_rename_wakes_the_phones_of_its_games_once_and_the_same_name_none(table: Table) -> None:
    game_id, phone_a, second_a, _phone_b, _second_b = four_phones(table)
    notices: list[int | None] = []
    stop = table.hub.watch(game_id, notices.append)
    try:
        table.name_phone(second_a, "Ann")
        assert len(notices) == 1, notices
        for _tap in range(3):  # a tap repeated, or a client flooding the socket
            table.name_phone(second_a, "Ann")
        assert len(notices) == 1, notices
    finally:
        stop()
    lost_at_once(table, game_id, phone_a)
    stop = table.hub.watch(game_id, notices.append)
    try:
        table.name_phone(second_a, "Ann B")  # a finished game shows no side's phones
        assert len(notices) == 1, notices
    finally:
        stop()


@pytest.mark.parametrize(
    ("typed", "refused"),
    [
        ("x" * 41, "a phone's name has 41 characters; at most 40"),
        ("Ann\u202eB", r"a phone.s name contains the control character U\+202E"),
        ("Ann \U0001f600", "a phone's name cannot hold emoji"),
        # Outsider's findings: a name that passes for two phones, or for the other side, in
        # the lists that put these between names; and names that show nothing, or look like
        # another ("Ann" and "Ann" with a joiner after it).
        ("Ann · Side B: Mallory", "a phone's name cannot hold “·”"),
        ("Phone 2: Zed", "a phone's name cannot hold “:”"),
        ("\u3164", r"a phone's name contains U\+3164, which shows nothing there"),
        ("\u200c", r"a phone's name contains U\+200C, which shows nothing there"),
        ("Ann\u200d", r"a phone's name contains U\+200D, which shows nothing there"),
    ],
)
def test_a_name_no_screen_could_show_is_refused_in_one_line(
    table: Table, typed: str, refused: str
) -> None:
    game_id, _phone_a, second_a, _phone_b, _second_b = four_phones(table)
    table.name_phone(second_a, "Ann")
    with pytest.raises(GadgetError, match=refused):
        table.name_phone(second_a, typed)
    assert table.phone_game(game_id, second_a).side_names == ("", "Ann")  # nothing lost


def test_a_phones_name_follows_it_into_its_next_game(table: Table) -> None:
    _game_id, phone_a, _second_a, _phone_b, _second_b = four_phones(table)
    table.name_phone(phone_a, "Dee")
    later = table.deal(seed=8, phone=phone_a)
    assert table.phone_game(later.id, phone_a).side_names == ("Dee",)


def test_the_attempt_keeps_who_played_on_each_side(table: Table) -> None:
    game_id, phone_a, second_a, phone_b, second_b = four_phones(table)
    table.name_phone(phone_a, "Ann")
    table.name_phone(second_b, "Dan")
    lost_at_once(table, game_id, phone_a)
    for phone in (phone_a, second_a, phone_b, second_b):  # each phone's own history
        (attempt,) = table.practice_attempts(phone)
        assert attempt.sides == {A: ("Ann", ""), B: ("", "Dan")}
    table.name_phone(phone_a, "Ann B")  # a name given later changes no game already played
    assert table.practice_attempts(phone_a)[0].sides == {A: ("Ann", ""), B: ("", "Dan")}


def test_a_teams_backup_carries_who_played_and_checks_it(table: Table) -> None:
    phone_a, phone_b = new_phone(), new_phone()
    team = table.add_team(phone_a, "Names", ["Ann", "Ben"])
    game = table.deal(team_name=team.name, mission_name="Prague", seed=3, phone=phone_a)
    assert table.join(game.id, phone_b) is B
    table.name_phone(phone_a, "Ann")
    table.name_phone(phone_b, "Ben")
    lost_at_once(table, game.id, phone_a)
    written = export_team(table.store, team.name)
    assert written["attempts"][0]["sides"] == {"a": ["Ann"], "b": ["Ben"]}
    back = import_team(table.store, json.dumps(written), rename="Names again")
    assert table.store.attempts(back.id)[0].sides == {A: ("Ann",), B: ("Ben",)}
    shape = r'attempt 0.sides must be \{"a": \[names\], "b": \[names\]\} \(a side no phone'
    for sides, refused in (
        ({"c": ["Ann"]}, shape),
        ({"a": "Ann"}, shape),
        ({"a": [""] * 9}, "attempt 0.sides has 9 phones on side A; at most 8"),
        ({"a": ["x" * 41]}, "attempt 0.sides: a phone's name has 41 characters"),
        # The outsider's: what the app refuses a phone, a backup's sides may not hold either.
        ({"a": ["Ann \U0001f600"]}, "attempt 0.sides: a phone's name cannot hold emoji"),
        ({"a": ["Ann · B: Cy"]}, "attempt 0.sides: a phone's name cannot hold “·”"),
        ({"a": [], "b": ["Cy"]}, "attempt 0.sides lists no phone on side A"),
    ):
        written["attempts"][0]["sides"] = sides
        with pytest.raises(GadgetError, match=refused):
            read_document(json.dumps(written))


def test_an_attempt_written_under_an_older_rule_still_reads(table: Table) -> None:
    """A row is what was checked when it was written: a name a rule refuses since (here a
    separator) must not make a history unreadable."""
    game_id, phone_a, _second_a, _phone_b, _second_b = four_phones(table)
    lost_at_once(table, game_id, phone_a)
    with Session(table.store.engine) as session:
        row = session.exec(select(AttemptRow)).one()
        row.sides = json.dumps({"a": ["Ann: the first", ""], "b": ["Cy"]})
        session.add(row)
        session.commit()
    (attempt,) = table.practice_attempts(phone_a)
    assert attempt.sides == {A: ("Ann: the first", ""), B: ("Cy",)}
