"""A side of a game is held by a set of holders (issue 35): one phone a side in the game of
two, and the same rows and rules for several phones of a side, or the app itself holding one.
The seats of a database from before are carried over as their side's first phone."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, text

from gadget.engine import Player
from gadget.services import games
from gadget.services.phone_game import approvers
from gadget.store import APP_HOLDER, Seats, Store, migrate
from gadget.store.database import MIGRATIONS
from tests.games import log_of

A, B = Player.A, Player.B


def _game(store: Store) -> int:
    return games.start_game(store, log_of(()), phone="phone a").id


def test_a_side_held_by_one_phone_refuses_a_second_and_two_racing_get_one_place(
    store: Store,
) -> None:
    game_id = _game(store)
    assert store.take_seat(game_id, B, "phone b")
    assert not store.take_seat(game_id, B, "phone c")  # one phone a side: B is held
    assert not store.take_seat(game_id, A, "phone b")  # a phone holds one side at most
    assert store.take_seat(game_id, B, "phone b")  # its own side again: still its
    other = _game(store)
    with ThreadPoolExecutor(4) as racing:
        won = list(racing.map(lambda n: store.take_seat(other, B, f"racer {n}"), range(4)))
    assert won.count(True) == 1
    assert store.seats(game_id) == Seats({A: ("phone a",), B: ("phone b",)})


def test_a_side_may_hold_several_phones_each_in_its_place_and_still_one_side_a_phone(
    store: Store,
) -> None:
    """What the game of more than two will do: the same table, `most` raised."""
    game_id = _game(store)
    assert store.take_seat(game_id, A, "phone a2", most=3)
    assert store.take_seat(game_id, A, "phone a3", most=3)
    assert not store.take_seat(game_id, A, "phone a4", most=3)
    assert store.take_seat(game_id, B, "app", most=1)
    seats = store.seats(game_id)
    assert seats.of(A) == ("phone a", "phone a2", "phone a3")
    assert (seats.side_of("phone a3"), seats.side_of("app"), seats.side_of("nobody")) == (
        A,
        B,
        None,
    )
    assert seats.holders == {"phone a", "phone a2", "phone a3", "app"}
    # Every phone of both sides may allow a take-over of A; the app allows nothing, and its
    # own side is no phone's to take over (issue 38: it plays it until the end).
    assert approvers(seats, frozenset({"team phone"}), A) == {
        "team phone", "phone a", "phone a2", "phone a3",
    }  # fmt: skip
    assert approvers(seats, frozenset({"team phone"}), B) == frozenset()
    assert APP_HOLDER == "app"


def test_released_sides_are_free_again_whatever_holds_them(store: Store) -> None:
    game_id = _game(store)
    store.take_seat(game_id, A, "phone a2", most=2)
    assert store.release_seats(game_id, (A,)) == [A]
    assert store.seats(game_id).of(A) == ()
    assert store.take_seat(game_id, A, "phone new")


def test_a_database_of_schema_0010_keeps_every_seat_as_its_sides_first_phone(
    database_url: str,
) -> None:
    engine = create_engine(database_url)
    migrate(engine, "0010")
    with engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO games (id, public_id, code, players, log, version, created_at,"
            " updated_at) VALUES (7, 'p7', NULL, '[]', :log, 0, '2025-01-02 21:00:00+00',"
            " '2025-01-02 21:00:00+00')"
        ), {"log": log_of(()).to_json()})  # fmt: skip
        connection.execute(text(
            "INSERT INTO seats (id, game_id, side, phone, taken_at) VALUES"
            " (1, 7, 'a', 'phone a', '2025-01-02 21:00:00+00'),"
            " (2, 7, 'b', 'phone b', '2025-01-02 21:01:00+00')"
        ))  # fmt: skip
    engine.dispose()
    upgraded = Store(database_url)
    try:
        assert upgraded.seats(7) == Seats({A: ("phone a",), B: ("phone b",)})
        assert upgraded.release_seats(7, (B,)) == [B]
        assert upgraded.take_seat(7, B, "phone c")  # a new row: its id follows the copied
        assert upgraded.seats(7).of(B) == ("phone c",)
    finally:
        upgraded.close()
    downgraded = create_engine(database_url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with downgraded.begin() as connection:  # and back: one phone a side, the first
        config.attributes["connection"] = connection
        command.downgrade(config, "0010")
        rows = connection.execute(text("SELECT side, phone FROM seats ORDER BY side")).all()
    downgraded.dispose()
    assert [tuple(row) for row in rows] == [("a", "phone a"), ("b", "phone c")]


@pytest.mark.parametrize("side", [A, B])
def test_seats_name_no_side_for_a_phone_that_holds_none(side: Player) -> None:
    seats = Seats({side: ("only",)})
    assert (seats.of(side.partner), seats.side_of("else"), seats.side_of("only")) == (
        (),
        None,
        side,
    )


def test_one_phone_joining_its_game_twice_at_once_holds_b_both_times(store: Store) -> None:
    """The outsider's race: the losing insert of the same phone read as another phone
    having taken side B (2 rounds in 10 on SQLite, 9 on PostgreSQL)."""
    for _round in range(10):
        game_id = _game(store)
        with ThreadPoolExecutor(2) as racing:
            held = list(racing.map(lambda g: store.take_seat(g, B, "phone b"), [game_id] * 2))
        assert held == [True, True]
        assert store.seats(game_id).of(B) == ("phone b",)
