"""The shared table service: two phones, one game, every change heard, seats and the timer."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from gadget.engine import Clue, Guess, Player, ShareCode, Stop, recorder
from gadget.engine.timing import SettingsError, Stretch, TimerSettings
from gadget.services import games
from gadget.services.games import SavedGame
from gadget.services.phones import Phone, new_phone_token, phone_from_token
from gadget.services.table import Hub, Table
from gadget.store import NotFoundError, SeatError, StaleGameError, Store, Unit
from tests.clocks import FakeClock
from tests.games import WINNING_ACTIONS, log_of
from tests.seated import Seated

A, B = Player.A, Player.B


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def table(store: Store, clock: FakeClock) -> Table:
    return Table(store, clock=clock)


def test_a_dealt_game_is_found_by_its_code_in_any_typing(table: Table) -> None:
    game = table.deal(seed=42, phone=_phone())
    assert game.log.code is not None
    found = table.find(ShareCode.parse(game.log.code.text.lower().replace("-", " ")))
    assert found is not None
    assert found.id == game.id
    assert table.find(ShareCode.parse("1000-0000-04SK")) is None


def test_every_watcher_hears_each_change_and_stops_when_told(table: Table) -> None:
    seated = Seated.deal(table, seed=1)
    game = seated.game
    heard: list[str] = []
    stop_a = table.hub.watch(game.id, lambda _version: heard.append("a"))
    table.hub.watch(game.id, lambda _version: heard.append("b"))
    seated.act(Clue(A, "salad", 3))
    assert sorted(heard) == ["a", "b"]
    stop_a()
    seated.undo()
    assert sorted(heard) == ["a", "b", "b"]


def test_the_second_of_two_phones_acting_at_once_is_refused(table: Table) -> None:
    seated = Seated.deal(table, seed=1)
    seen = seated.game.version
    seated.act(Clue(A), seen)
    with pytest.raises(StaleGameError, match="the other phone acted first"):
        seated.act(Clue(B), seen)


def _phone() -> Phone:
    phone = phone_from_token(new_phone_token())
    assert phone is not None
    return phone


def test_the_dealing_phone_holds_a_and_the_first_phone_with_the_code_holds_b(
    table: Table,
) -> None:
    first, second, third = _phone(), _phone(), _phone()
    game = table.deal(seed=1, phone=first)
    heard: list[int] = []
    table.hub.watch(game.id, lambda _version: heard.append(1))
    assert table.join(game.id, first) is A  # phone A opening its own link sees side A
    assert table.join(game.id, second) is B
    assert heard == [1]  # phone A hears that B has joined
    assert table.join(game.id, second) is B
    assert table.join(game.id, third) is None  # B is held: no side without consent
    assert (table.seat_of(game.id, third), table.seat_of(game.id, first)) == (None, A)


def test_a_finished_game_seats_no_newcomer_even_on_a_free_side(table: Table) -> None:
    seated = Seated.deal(table, seed=1)
    seated.act(Clue(A))
    game = seated.act(Guess(B, seated.game.log.card.a.index("X")))
    assert game.state.is_over
    assert table.join(game.id, _phone()) is None


def test_a_phone_holding_one_side_can_never_ask_for_the_other(table: Table) -> None:
    first, second = _phone(), _phone()
    game = table.deal(seed=1, phone=first)
    table.join(game.id, second)
    for phone, side in ((first, B), (second, A)):
        with pytest.raises(SeatError, match="it can never show side"):
            table.ask_for_seat(game.id, side, phone)
    assert not table.store.take_seat(game.id, B, first.key)  # nor take it at store level


def test_a_take_over_needs_consent_and_the_replaced_phone_is_told(
    table: Table, clock: FakeClock
) -> None:
    phone_a, phone_b, new_b = _phone(), _phone(), _phone()
    game = table.deal(seed=1, phone=phone_a)
    table.join(game.id, phone_b)
    heard: list[int] = []
    table.hub.watch(game.id, lambda _version: heard.append(1))
    request = table.ask_for_seat(game.id, B, new_b)
    assert table.ask_for_seat(game.id, B, new_b) == request  # asking twice is one request
    assert [r.id for r in table.requests_to_answer(phone_a)] == [request.id]
    assert [r.id for r in table.requests_to_answer(phone_b)] == [request.id]  # its own side
    assert table.requests_to_answer(new_b) == []
    for outsider in (new_b, _phone()):
        with pytest.raises(SeatError, match="only your partner's phone"):
            table.answer(request.id, outsider, True)
    assert table.answer(request.id, phone_a, False).answer == "refused"
    assert table.seat_of(game.id, phone_b) is B
    with pytest.raises(SeatError, match="already refused"):
        table.answer(request.id, phone_a, True)
    again = table.ask_for_seat(game.id, B, new_b)
    assert again.id != request.id
    assert table.answer(again.id, phone_b, True).answer == "allowed"  # B moves, at once
    assert (table.seat_of(game.id, new_b), table.seat_of(game.id, phone_b)) == (B, None)
    assert len(heard) == 5  # two asks (one repeated silently counts too), three answers


def test_a_side_allowed_away_by_the_partner_moves_only_after_its_phone_could_keep_it(
    table: Table, clock: FakeClock
) -> None:
    """The partner must never be able to hand the side they may not see to a phone of their
    own: the phone holding it is told, and has the wait to keep it."""
    phone_a, phone_b, accomplice = _phone(), _phone(), _phone()
    game = table.deal(seed=1, phone=phone_a)
    table.join(game.id, phone_b)
    asked = table.ask_for_seat(game.id, A, accomplice)
    assert table.answer(asked.id, phone_b, True).answer == "allowed"  # B allows it for A's side
    assert table.phone_game(game.id, accomplice).side is None  # no side A yet
    assert [r.id for r in table.phone_game(game.id, phone_a).pending] == [asked.id]
    clock.now += table.take_over_wait - 1
    assert not table.claim_side(game.id, accomplice)  # not yet
    assert table.phone_game(game.id, accomplice).side is None
    assert table.keep_side(asked.id, phone_a).answer == "refused"  # phone A keeps it
    clock.now += 3600
    assert not table.claim_side(game.id, accomplice)
    assert table.phone_game(game.id, accomplice).side is None
    assert table.seat_of(game.id, phone_a) is A
    with pytest.raises(SeatError, match="only the phone that holds side A can keep it"):
        table.keep_side(asked.id, phone_b)

    new_a = _phone()
    lost = table.ask_for_seat(game.id, A, new_a)  # now phone A is really lost
    table.answer(lost.id, phone_b, True)
    assert table.phone_game(game.id, phone_a).pending  # it would be told, were it there
    clock.now += table.take_over_wait
    assert table.phone_game(game.id, new_a).side is None  # a read moves nothing
    assert table.claim_side(game.id, new_a)  # the wait is over: it moves
    assert table.phone_game(game.id, new_a).side is A
    assert table.seat_of(game.id, phone_a) is None
    assert not table.phone_game(game.id, phone_b).pending


def test_a_phone_cannot_flood_its_partner_with_requests(table: Table) -> None:
    game = table.deal(seed=1, phone=_phone())
    table.join(game.id, _phone())
    for _ in range(3):  # each a "new phone": a browser whose storage was cleared
        table.ask_for_seat(game.id, B, _phone())
    with pytest.raises(SeatError, match="3 requests already wait for an answer"):
        table.ask_for_seat(game.id, B, _phone())


def test_with_no_phone_seated_nobody_can_allow_a_take_over(table: Table) -> None:
    phone_a, stranger = _phone(), _phone()
    game = table.deal(seed=1, phone=phone_a)  # B never joined
    assert table.can_be_allowed(game, A, stranger)  # phone A could move its own side
    assert table.can_be_allowed(game, B, stranger)  # phone A could allow B
    table.store.release_seats(game.id, (A,))
    assert not table.can_be_allowed(game, A, stranger)
    assert not table.can_be_allowed(game, B, stranger)
    assert not table.can_be_allowed(game, A, phone_a)  # nor the phone that lost its seat


def test_a_phone_of_the_team_can_allow_a_take_over(table: Table, clock: FakeClock) -> None:
    phone_a, phone_b, teammate, new_a = _phone(), _phone(), _phone(), _phone()
    team = table.store.add_team("Owls", [], phone=teammate.key)
    table.store.join_team(team.id, phone_a.key)
    game = table.deal(team_name="Owls", seed=1, phone=phone_a)
    table.join(game.id, phone_b)
    request = table.ask_for_seat(game.id, A, new_a)
    assert [r.id for r in table.requests_to_answer(teammate)] == [request.id]
    table.answer(request.id, teammate, True)
    assert table.seat_of(game.id, new_a) is None  # phone A may still keep it
    clock.now += table.take_over_wait
    assert table.claim_side(game.id, new_a)
    assert table.phone_game(game.id, new_a).side is A
    assert table.store.is_member(team.id, teammate.key)


def test_two_phones_racing_for_a_free_side_b_get_it_once(table: Table) -> None:
    game = table.deal(seed=1, phone=_phone())
    racers = [_phone() for _ in range(4)]
    with ThreadPoolExecutor(4) as pool:
        sides = list(pool.map(lambda p: table.join(game.id, p), racers))
    assert sorted(s.value for s in sides if s) == ["b"]


def test_invites_add_a_phone_to_a_team_until_the_link_is_replaced(table: Table) -> None:
    maker, friend, late = _phone(), _phone(), _phone()
    team = table.store.add_team("Owls", [], phone=maker.key)
    assert table.store.teams(friend.key) == []
    with pytest.raises(NotFoundError, match="no such team on this phone"):
        table.team_of(friend, team.id)
    assert table.accept_invite(team.invite, friend) == team
    assert table.team_of(friend, team.id) == team
    table.store.new_invite(team.id)
    assert table.accept_invite(team.invite, late) is None  # the old link stopped working
    assert table.accept_invite("x" * 5, late) is None
    assert [t.name for t in table.store.teams(friend.key)] == ["Owls"]
    assert [t.name for t in table.store.teams()] == ["Owls"]  # the command line sees all
    table.store.add_team("Bats", [])  # made on the command line: no phone yet
    assert table.store.teams_without_phones() == ["Bats"]


def test_the_timer_is_off_by_default_and_its_settings_are_kept(table: Table) -> None:
    phone = _phone()
    game = table.deal(seed=1, phone=phone)
    assert table.timer(game.id) is None
    table.set_default_timer(TimerSettings(True, 60, 180), phone)
    assert table.default_timer(phone) == TimerSettings(True, 60, 180)
    assert table.default_timer(_phone()) == TimerSettings()  # each phone has its own
    with pytest.raises(SettingsError, match="the clue time 2 s is outside"):
        TimerSettings(True, 2, 60)


def test_the_timer_times_the_clue_then_the_guesses_of_each_turn(
    table: Table, clock: FakeClock
) -> None:
    seated = Seated.deal(table, seed=5)
    game = seated.game
    table.set_timer(seated.phones[B], game.id, TimerSettings(True, 60, 90))
    timer = table.timer(game.id)
    assert timer is not None
    assert (timer.stretch, timer.seconds_left(clock())) == (Stretch.CLUE, 60)
    clock.now += 45
    assert table.timer(game.id).seconds_left(clock()) == 15  # type: ignore[union-attr]
    clock.now += 100
    assert table.timer(game.id).seconds_left(clock()) == 0  # type: ignore[union-attr]
    game = seated.act(Clue(A))
    guessing = table.timer(game.id)
    assert guessing is not None
    assert (guessing.stretch, guessing.seconds_left(clock())) == (Stretch.GUESS, 90)
    green = next(c for c in range(25) if game.log.card.a[c] == "G")
    clock.now += 10
    game = seated.act(Guess(B, green))
    assert table.timer(game.id).seconds_left(clock()) == 80  # type: ignore[union-attr]
    game = seated.act(Stop(B))
    assert table.timer(game.id).stretch is Stretch.CLUE  # type: ignore[union-attr]


def test_pause_resume_and_reset_act_the_same_for_both_phones(
    table: Table, clock: FakeClock
) -> None:
    seated = Seated.deal(table, seed=5)
    game, phone_a, phone_b = seated.game, seated.phones[A], seated.phones[B]
    table.set_timer(phone_a, game.id, TimerSettings(True, 60, 60))
    clock.now += 20
    table.pause_timer(phone_b, game.id)
    clock.now += 500
    timer = table.timer(game.id)
    assert timer is not None
    assert timer.paused
    assert timer.seconds_left(clock()) == 40
    table.resume_timer(phone_a, game.id)
    clock.now += 5
    assert table.timer(game.id).seconds_left(clock()) == 35  # type: ignore[union-attr]
    table.reset_timer(phone_b, game.id)
    assert table.timer(game.id).seconds_left(clock()) == 60  # type: ignore[union-attr]


def test_the_timer_is_the_same_on_another_process_and_survives_a_restart(
    store: Store, clock: FakeClock
) -> None:
    first = Table(store, clock=clock)
    dealer = _phone()
    first.set_default_timer(TimerSettings(True, 30, 30), dealer)
    seated = Seated.deal(first, seed=3, phone=dealer)
    game = seated.game
    clock.now += 10
    other = Table(store, Hub(), clock=clock)  # another server process, same database
    assert other.timer(game.id).seconds_left(clock()) == 20  # type: ignore[union-attr]
    other.pause_timer(seated.phones[A], game.id)
    clock.now += 100
    restarted = Table(store, Hub(), clock=clock)
    timer = restarted.timer(game.id)
    assert timer is not None and timer.paused
    assert timer.seconds_left(clock()) == 20
    assert first.timer(game.id) == timer  # the first process reads the pause too
    assert restarted.timer_settings(game.id) == TimerSettings(True, 30, 30)


def test_a_game_saved_before_timers_were_kept_is_timed_from_its_next_move(
    store: Store, clock: FakeClock
) -> None:
    """Looking at its timer writes nothing (a read is a read); the next move starts it, with
    the server's default."""
    table = Table(store, clock=clock)
    dealer = phone_from_token(new_phone_token())
    game = games.start_game(store, log_of(()), phone=dealer.key)  # as before migration 0006
    store.set_setting("timer", "on,40,40")  # the server's own default: no phone dealt it
    clock.now += 7
    assert table.timer(game.id) is None
    assert table.timer_settings(game.id) == TimerSettings(True, 40, 40)
    with store.unit() as unit:
        assert unit.timer(game.id) is None
    table.act(dealer, game.id, Clue(A), game.version)
    clock.now += 5
    assert table.timer(game.id).seconds_left(clock()) == 35  # type: ignore[union-attr]


def test_a_finished_game_is_not_read_again_on_every_look_at_its_timer(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    seated = Seated.deal(table, seed=5)
    game = seated.act(Clue(A))
    seated.act(Guess(B, game.log.card.a.index("X")))  # lost: nothing left to time
    reads: list[int] = []
    real = Unit.game
    monkeypatch.setattr(Unit, "game", lambda unit, gid: reads.append(gid) or real(unit, gid))
    for _ in range(3):
        assert table.timer(game.id) is None
    assert reads == []


def test_an_allowed_request_never_gives_a_phone_both_sides(table: Table) -> None:
    dealer, teammate, stranger = _phone(), _phone(), _phone()
    owls = table.store.add_team("Owls", [], phone=teammate.key)
    table.store.join_team(owls.id, dealer.key)
    game = table.deal(team_name="Owls", seed=1, phone=dealer)
    asked = table.ask_for_seat(game.id, A, stranger)  # then it takes the free side B
    assert table.join(game.id, stranger) is B
    with pytest.raises(SeatError, match="that phone holds side B of this game"):
        table.answer(asked.id, teammate, True)
    assert (table.seat_of(game.id, stranger), table.seat_of(game.id, dealer)) == (B, A)


def test_a_finished_game_offers_no_take_over(table: Table) -> None:
    late = _phone()
    seated = Seated.deal(table, seed=1)
    seated.act(Clue(A))
    game = seated.act(Guess(B, seated.game.log.card.a.index("X")))
    assert table.phone_game(game.id, late).askable == ()
    with pytest.raises(SeatError, match="the game is over"):
        table.ask_for_seat(game.id, B, late)


def test_only_the_phone_of_the_side_that_records_an_action_may_send_it(table: Table) -> None:
    """The table checks the phone on every move, whatever a screen offers (as boardgame.io's
    server does): a third browser, or the wrong side's phone, changes nothing."""
    seated = Seated.deal(table, seed=1)
    game, phone_a, phone_b, stranger = seated.game, seated.phones[A], seated.phones[B], _phone()
    for phone, action in (
        (stranger, Clue(A)),
        (phone_b, Clue(A)),  # A's clue is given on A's phone
        (phone_a, Guess(A, 0)),  # A's touches are recorded on B's phone
    ):
        with pytest.raises(SeatError, match="nothing was changed"):
            table.act(phone, game.id, action, game.version)
    with pytest.raises(SeatError, match="holds no side"):
        table.undo(stranger, game.id, game.version)
    for change in (table.pause_timer, table.resume_timer, table.reset_timer):
        with pytest.raises(SeatError, match="holds no side"):
            change(stranger, game.id)
    with pytest.raises(SeatError, match="holds no side"):
        table.set_timer(stranger, game.id, TimerSettings(True, 60, 60))
    assert table.game(game.id).version == game.version
    assert table.timer_settings(game.id) == TimerSettings()
    shown = table.act(phone_b, game.id, Clue(B), game.version)  # B's own clue: taken
    assert shown.game is not None and shown.game.version == game.version + 1


def test_a_teams_mission_is_dealt_only_from_a_phone_of_the_team(table: Table) -> None:
    member, stranger = _phone(), _phone()
    table.store.add_team("Owls", [], phone=member.key)
    with pytest.raises(NotFoundError, match="no such team on this phone"):
        table.deal(team_name="Owls", mission_name="Prague", phone=stranger)
    assert games.games_in_progress(table.store) == []
    assert table.deal(team_name="Owls", mission_name="Prague", phone=member).team_id is not None


def test_two_games_of_a_team_winning_one_mission_at_once_both_count(store: Store) -> None:
    """Both units read Prague as not completed and both wrote its completion: on PostgreSQL
    the second winning touch failed on the unique completion, and was lost (the outsider's
    finding). Both wins are kept; Prague is completed once."""
    table = Table(store, clock=FakeClock())
    member = phone_from_token(new_phone_token())
    team = table.add_team(member, "Owls", ["Ann", "Ben"])
    seated = []
    for _ in range(2):
        game = games.start_game(
            store, log_of(()), team_id=team.id, mission_id="prague", phone=member.key
        )
        partner = phone_from_token(new_phone_token())
        table.join(game.id, partner)
        phones = {A: member, B: partner}
        for action in WINNING_ACTIONS[:-1]:
            game = table.act(phones[recorder(action)], game.id, action, game.version).game
        seated.append((phones, game))
    barrier = threading.Barrier(2)

    def last_touch(entry: tuple[dict[Player, Phone], SavedGame]) -> int | None:
        phones, game = entry
        barrier.wait()
        won = table.act(
            phones[recorder(WINNING_ACTIONS[-1])], game.id, WINNING_ACTIONS[-1], game.version
        )
        assert won.game is not None and won.game.is_over
        return games.game(store, game.id).attempt_id

    with ThreadPoolExecutor(2) as pool:
        attempts = list(pool.map(last_touch, seated))
    assert all(attempts) and len(set(attempts)) == 2
    assert store.completed(team.id) == frozenset({"prague"})
