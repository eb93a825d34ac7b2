"""Several phones a side (issue 37), at the table's rules: a side gains phones only through
a phone that holds it, by an invite that adds as many as it allows and no more, never to
the other side; a side has at most eight; a phone leaves its side, or removes a lost one,
but a side's last phone stays; played apart, any phone of the guessing side chooses a word,
every phone of that side is shown it (never the other side's), any of them confirms it, and
two confirming at once make one action. On SQLite and PostgreSQL."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlmodel import select

from gadget.engine import Action, CellNotGuessableError, Clue, Guess, OutOfTurnError, Player
from gadget.engine.errors import GadgetError
from gadget.engine.words import newest_list
from gadget.services.phones import Phone, is_invite, new_phone_token, phone_from_token
from gadget.services.side_invites import MOST_PHONES
from gadget.services.table import Table
from gadget.store import SeatError, Store
from gadget.store.rows import SideInviteRow
from tests.clocks import FakeClock

A, B = Player.A, Player.B


@pytest.fixture
def table(store: Store) -> Table:
    return Table(store, clock=FakeClock())


def new_phone() -> Phone:
    return phone_from_token(new_phone_token())


def joined(table: Table, secret: str, phone: Phone) -> tuple[int, Player] | None:
    """The game's number and the side an invite gave this phone, if any."""
    found = table.join_side(secret, phone)
    return (found[0].id, found[1]) if found is not None else None


def dealt(table: Table) -> tuple[int, Phone, Phone]:
    """A game with side A's phone (the dealer) and side B's (by the public code)."""
    phone_a, phone_b = new_phone(), new_phone()
    game = table.deal(seed=7, phone=phone_a)
    assert table.join(game.id, phone_b) is B
    return game.id, phone_a, phone_b


def test_a_phone_of_a_side_adds_phones_to_its_own_side_and_no_other(table: Table) -> None:
    game_id, phone_a, phone_b = dealt(table)
    invite = table.invite_to_side(game_id, phone_a, uses=2)
    assert invite.side is A and is_invite(invite.secret)
    second_a, third_a = new_phone(), new_phone()
    assert joined(table, invite.secret, second_a) == (game_id, A)
    assert joined(table, invite.secret, third_a) == (game_id, A)
    assert table.store.seats(game_id).of(A) == (phone_a.key, second_a.key, third_a.key)
    seen = table.phone_game(game_id, third_a)
    assert seen.side is A and seen.phones_on_side == 3
    assert table.phone_game(game_id, phone_b).phones_on_side == 1
    # B's phone makes B's invites only.
    assert table.invite_to_side(game_id, phone_b).side is B


def test_a_spent_invite_opens_nothing_and_the_public_code_no_second_seat(table: Table) -> None:
    game_id, phone_a, _phone_b = dealt(table)
    invite = table.invite_to_side(game_id, phone_a)
    assert joined(table, invite.secret, new_phone()) == (game_id, A)
    late = new_phone()
    assert joined(table, invite.secret, late) is None  # spent
    assert table.join(game_id, late) is None  # the public code: B's first seat, taken
    assert table.seat_of(game_id, late) is None


def test_an_invite_never_moves_a_phone_nor_spends_a_use_on_one_already_seated(
    table: Table,
) -> None:
    game_id, phone_a, phone_b = dealt(table)
    invite = table.invite_to_side(game_id, phone_a)
    assert joined(table, invite.secret, phone_b) == (game_id, B)  # B's own side, never A
    assert table.seat_of(game_id, phone_b) is B
    assert joined(table, invite.secret, new_phone()) == (game_id, A)  # its use was left


def test_what_is_not_an_invite_opens_nothing_and_asks_nothing(table: Table) -> None:
    game_id, phone_a, _ = dealt(table)
    invite = table.invite_to_side(game_id, phone_a)
    for text in ("", "x" * 22, invite.secret[:-1], invite.secret + "A", "../" * 8, "é" * 22):
        assert table.join_side(text, new_phone()) is None, text


def test_a_phone_without_a_side_invites_no_one(table: Table) -> None:
    game_id, _, _ = dealt(table)
    with pytest.raises(SeatError, match="only a phone of the game's sides"):
        table.invite_to_side(game_id, new_phone())
    for uses in (0, MOST_PHONES):
        with pytest.raises(SeatError, match="an invite adds 1 to 7 phones"):
            table.invite_to_side(game_id, new_phone(), uses=uses)


def test_a_side_has_at_most_eight_phones_and_the_ninth_is_told_so(table: Table) -> None:
    game_id, phone_a, _ = dealt(table)
    invite = table.invite_to_side(game_id, phone_a, uses=MOST_PHONES - 1)
    for _ in range(MOST_PHONES - 1):
        assert joined(table, invite.secret, new_phone()) == (game_id, A)
    another = table.invite_to_side(game_id, phone_a)
    with pytest.raises(SeatError) as refused:
        table.join_side(another.secret, new_phone())
    assert str(refused.value) == "side A already has 8 phones, the most a side may have"
    assert len(table.store.seats(game_id).of(A)) == MOST_PHONES


@pytest.mark.parametrize("uses", [1, 2])
def test_phones_racing_for_an_invites_uses_get_as_many_seats(table: Table, uses: int) -> None:
    """Four phones opening the link at once: as many join as it allows, the others are
    told nothing opens (and none is refused for racing for the same place)."""
    game_id, phone_a, _ = dealt(table)
    invite = table.invite_to_side(game_id, phone_a, uses=uses)
    racers = [new_phone() for _ in range(4)]
    with ThreadPoolExecutor(4) as racing:
        came = list(racing.map(lambda phone: joined(table, invite.secret, phone), racers))
    assert came.count((game_id, A)) == uses and came.count(None) == 4 - uses
    assert len(table.store.seats(game_id).of(A)) == 1 + uses


def test_an_ended_games_invites_open_nothing(table: Table) -> None:
    game_id, phone_a, phone_b = dealt(table)
    invite = table.invite_to_side(game_id, phone_a, uses=3)
    game = table.game(game_id)
    assassin = game.log.card.a.index("X")  # B touches it, A's side judges: it ends the game
    table.act(phone_a, game_id, Clue(A, "tree", 1), game.version)
    table.act(phone_a, game_id, Guess(B, assassin), table.game(game_id).version)
    assert table.game(game_id).state.is_over
    assert table.join_side(invite.secret, new_phone()) is None
    with pytest.raises(SeatError, match="the game is over"):
        table.invite_to_side(game_id, phone_b)


def test_a_phone_leaves_its_side_or_removes_a_lost_one_but_the_last_stays(table: Table) -> None:
    game_id, phone_a, phone_b = dealt(table)
    invite = table.invite_to_side(game_id, phone_a, uses=2)
    lost, other = new_phone(), new_phone()
    joined(table, invite.secret, lost)
    joined(table, invite.secret, other)
    table.remove_from_side(game_id, phone_a, 1, 3)  # the lost phone, second of side A
    assert table.seat_of(game_id, lost) is None
    with pytest.raises(SeatError, match="the side's phones changed meanwhile"):
        table.remove_from_side(game_id, other, 1, 3)  # its screen still showed the lost one
    assert table.seat_of(game_id, other) is A
    with pytest.raises(SeatError, match="that is this phone"):
        table.remove_from_side(game_id, phone_a, 0, 2)
    with pytest.raises(SeatError, match="side A has no phone number 9"):
        table.remove_from_side(game_id, phone_a, 8, 2)
    with pytest.raises(SeatError, match="only a phone of the game's sides"):
        table.remove_from_side(game_id, lost, 0, 2)  # removed, it removes no one
    assert table.leave_side(game_id, other) is A
    with pytest.raises(SeatError) as refused:
        table.leave_side(game_id, phone_a)
    assert str(refused.value) == "this is side A's only phone: it cannot leave the side empty"
    assert table.store.seats(game_id).of(A) == (phone_a.key,)
    assert table.store.seats(game_id).of(B) == (phone_b.key,)


def acting_at_once(
    table: Table, game_id: int, action: Action, version: int, phones: tuple[Phone, Phone]
) -> list[str]:
    """Each phone's answer, both making the same move on the same version at once: "done",
    or its refusal."""

    def act(phone: Phone) -> str:
        try:
            table.act(phone, game_id, action, version)
        except GadgetError as refused:
            return str(refused)
        return "done"

    with ThreadPoolExecutor(2) as both:
        return list(both.map(act, phones))


def test_two_phones_of_a_side_recording_the_same_touch_at_once_make_one_action(
    table: Table,
) -> None:
    game_id, phone_a, _ = dealt(table)
    second_a = new_phone()
    table.join_side(table.invite_to_side(game_id, phone_a).secret, second_a)
    game = table.game(game_id)
    table.act(second_a, game_id, Clue(A, "tree", 2), game.version)  # any phone of A gives it
    clued = table.game(game_id)
    agent = clued.log.card.a.index("G")

    said = acting_at_once(table, game_id, Guess(B, agent), clued.version, (phone_a, second_a))
    assert said.count("done") == 1, said
    assert table.game(game_id).version == clued.version + 1


def test_two_phones_removing_the_same_phone_at_once_remove_one(table: Table) -> None:
    """An outsider's run: both confirmed "Remove phone 4" at once, and phones 4 and 5 went."""
    game_id, phone_a, _ = dealt(table)
    second = new_phone()
    joined(table, table.invite_to_side(game_id, phone_a).secret, second)
    others = [new_phone() for _ in range(3)]
    invite = table.invite_to_side(game_id, phone_a, uses=3)
    for phone in others:
        joined(table, invite.secret, phone)

    def remove(phone: Phone) -> str:
        try:
            table.remove_from_side(game_id, phone, 3, 5)  # phone 4, of the five they see
        except SeatError as refused:
            return str(refused)
        return "removed"

    with ThreadPoolExecutor(2) as both:
        said = list(both.map(remove, (phone_a, second)))
    assert said.count("removed") >= 1
    holders = table.store.seats(game_id).of(A)
    assert len(holders) == 4 and others[1].key not in holders  # phone 4, and only it


def test_a_phones_new_invite_replaces_its_earlier_one(table: Table) -> None:
    """A phone tapping "Add a phone" again and again, or a client flooding the socket with
    it, keeps one invite a game in the database, and the link it shows is the one that works."""
    game_id, phone_a, _ = dealt(table)
    first = table.invite_to_side(game_id, phone_a)
    for _ in range(50):
        latest = table.invite_to_side(game_id, phone_a)
    assert joined(table, first.secret, new_phone()) is None
    assert joined(table, latest.secret, new_phone()) == (game_id, A)
    with table.store.unit() as unit:
        rows = unit.session.exec(select(SideInviteRow)).all()
    assert len(rows) == 1


def clued_apart(table: Table) -> tuple[int, Phone, Phone, Phone, list[int]]:
    """A game played apart, side B on two phones, A's clue given: B's to touch (A's frame)."""
    phone_a, phone_b, second_b = new_phone(), new_phone(), new_phone()
    game = table.deal(seed=7, words=newest_list("en").number, phone=phone_a)
    assert table.join(game.id, phone_b) is B
    table.join_side(table.invite_to_side(game.id, phone_b).secret, second_b)
    table.act(phone_a, game.id, Clue(A, "tree", 2), game.version)
    card = table.game(game.id).log.card
    agents = [cell for cell in range(25) if card.a[cell] == "G"]
    return game.id, phone_a, phone_b, second_b, agents


def test_a_word_one_phone_of_b_chooses_shows_on_every_phone_of_b_and_never_on_a(
    table: Table,
) -> None:
    game_id, phone_a, phone_b, second_b, agents = clued_apart(table)
    assert table.phone_game(game_id, phone_b).chosen is None
    table.choose_touch(game_id, second_b, agents[0])
    assert table.phone_game(game_id, phone_b).chosen == agents[0]
    assert table.phone_game(game_id, second_b).chosen == agents[0]
    assert table.phone_game(game_id, phone_a).chosen is None  # A is never shown B's choice
    table.choose_touch(game_id, phone_b, agents[1])  # a phone of the side chooses again
    assert table.phone_game(game_id, second_b).chosen == agents[1]
    table.choose_touch(game_id, second_b, None)  # "Not this one"
    assert table.phone_game(game_id, phone_b).chosen is None


def test_one_phone_of_b_confirms_the_word_another_chose_and_the_choice_ends(
    table: Table,
) -> None:
    game_id, _phone_a, phone_b, second_b, agents = clued_apart(table)
    table.choose_touch(game_id, second_b, agents[0])
    version = table.game(game_id).version
    table.act(phone_b, game_id, Guess(B, agents[0]), version)
    assert table.game(game_id).state.found_mask >> agents[0] & 1
    # Any move ends a choice: the next word is chosen afresh, on every phone of B.
    assert table.phone_game(game_id, second_b).chosen is None
    assert table.phone_game(game_id, phone_b).chosen is None


def test_only_a_word_the_side_may_touch_now_is_chosen_and_only_by_its_phones(
    table: Table,
) -> None:
    game_id, phone_a, phone_b, _second_b, agents = clued_apart(table)
    with pytest.raises(CellNotGuessableError, match="not a word side A may touch now"):
        table.choose_touch(game_id, phone_a, agents[0])  # A gave the clue: B touches
    with pytest.raises(CellNotGuessableError, match="cell 25"):
        table.choose_touch(game_id, phone_b, 25)
    with pytest.raises(SeatError):
        table.choose_touch(game_id, new_phone(), agents[0])  # a browser holding no side
    assert table.phone_game(game_id, phone_b).chosen is None


def test_a_game_at_one_table_chooses_no_word(table: Table) -> None:
    phone_a, phone_b = new_phone(), new_phone()
    game = table.deal(seed=7, phone=phone_a)
    table.join(game.id, phone_b)
    table.act(phone_a, game.id, Clue(A, "tree", 2), game.version)
    with pytest.raises(OutOfTurnError, match="at one table"):
        table.choose_touch(game.id, phone_b, 0)


def test_two_phones_of_b_confirming_the_chosen_word_at_once_make_one_action(
    table: Table,
) -> None:
    game_id, _phone_a, phone_b, second_b, agents = clued_apart(table)
    table.choose_touch(game_id, phone_b, agents[0])
    version = table.game(game_id).version

    said = acting_at_once(table, game_id, Guess(B, agents[0]), version, (phone_b, second_b))
    assert said.count("done") == 1, said
    assert table.game(game_id).version == version + 1


def test_every_phone_of_a_side_lists_the_game_on_its_home(table: Table) -> None:
    """Home's games are each phone's own: a side's second phone lists the game as its first
    does, with its side; a phone that left it lists it no more."""
    game_id, phone_a, phone_b = dealt(table)
    second_b = new_phone()
    table.join_side(table.invite_to_side(game_id, phone_b).secret, second_b)
    for phone, side in ((phone_a, A), (phone_b, B), (second_b, B)):
        held = table.games_of(phone)
        assert [(g.seen.facts.id, g.seen.side) for g in held] == [(game_id, side)], held
    table.leave_side(game_id, second_b)
    assert table.games_of(second_b) == []
    assert table.games_of(new_phone()) == []


def test_the_same_choice_again_writes_nothing_and_wakes_no_phone(table: Table) -> None:
    """Every choice wakes every phone of the game to read it: a tap repeated, or a client
    flooding the socket with one choice, must not (one notice, then none)."""
    game_id, _phone_a, phone_b, second_b, agents = clued_apart(table)
    notices: list[int | None] = []
    stop = table.hub.watch(game_id, notices.append)
    try:
        for _tap in range(5):
            table.choose_touch(game_id, second_b, agents[0])
        assert len(notices) == 1, notices
        for _tap in range(3):
            table.choose_touch(game_id, phone_b, None)  # let go, then nothing to let go
        assert len(notices) == 2, notices
    finally:
        stop()
