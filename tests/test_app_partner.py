"""The app as a player's partner on a server (issue 38): a game dealt with the app seats it on
side B; it gives its clue and touches one word at a time as B's phone would, from what B's
phone shows; no phone ever takes its side or is shown its code; and a partner planted to read
the whole key is caught by the test that holds the real one to what B's phone shows."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

import pytest
from sqlmodel import select

from gadget.engine import (
    Action,
    Clue,
    GadgetError,
    Guess,
    Player,
    Setup,
    Stop,
    new_game,
    view_for,
)
from gadget.engine.gamelog import GameLog
from gadget.engine.keycard import Colour, generate_v1
from gadget.engine.words import SHIPPED, CardWords, WordsKey, deal_words, newest_list
from gadget.partner.lexicon import LANGUAGES, lexicon
from gadget.partner.seat import Seat
from gadget.services import app_partner
from gadget.services.app_partner import APP_LANGUAGES, thinks_in_worker, with_app
from gadget.services.app_thinking import decide
from gadget.services.backup import export_team, import_team
from gadget.services.clue_check import clue_flags
from gadget.services.games import record_action, start_game
from gadget.services.history import load_history
from gadget.services.phones import APP, APP_KIND, APP_SIDE, Phone, new_phone_token, phone_from_token
from gadget.services.table import Table
from gadget.store import APP_HOLDER, SeatError, Store
from gadget.store.rows import SeatRow
from tests.cards import TEST_CARD, other_side_swapped
from tests.clocks import FakeClock
from tests.games import WINNING_ACTIONS

A, B = Player.A, Player.B
ENGLISH = newest_list("en").number
Decide = Callable[[Seat, str], Action]


def new_phone() -> Phone:
    phone = phone_from_token(new_phone_token())
    assert phone is not None
    return phone


def _thinking_here(decision: Decide) -> Callable[[Seat, str], asyncio.Future[Action]]:
    async def think(seat: Seat, language: str) -> Action:
        return await asyncio.to_thread(decision, seat, language)

    return think  # type: ignore[return-value]


def _real(seat: Seat, language: str) -> Action:
    return decide(seat, APP_SIDE, language)


@pytest.fixture
def table(store: Store) -> Table:
    made = Table(store, clock=FakeClock())
    made.app_pause = 0.0
    made.app_thinks = _thinking_here(_real)
    return made


def test_the_app_plays_only_the_languages_its_lexicon_holds_from_the_seat_the_store_names() -> None:
    assert APP_LANGUAGES == LANGUAGES
    assert APP.key == APP_HOLDER


def test_a_game_with_the_app_seats_it_on_side_b_and_shows_phone_a_no_code(table: Table) -> None:
    phone = new_phone()
    game = table.deal(phone=phone, words=ENGLISH, with_the_app=True)
    assert with_app(table.store.seats(game.id))
    assert table.store.seats(game.id).of(B) == (APP.key,)
    with table.store.unit() as unit:  # the seats table keeps it as the app's, not a phone's
        kinds = unit.session.exec(select(SeatRow.kind).where(SeatRow.game_id == game.id)).all()
    assert sorted(kinds) == ["app", "phone"]
    seen = table.phone_game(game.id, phone)
    assert seen.side is A and seen.with_the_app and seen.app_to_act  # it gives the first clue
    assert seen.seen is not None and seen.seen.share_code is None and seen.seen.played_apart
    english = table.deal(phone=new_phone(), with_the_app=True)  # its language's words
    assert english.log.words is not None and english.log.words.language == "en"


def test_the_app_gives_its_clue_then_waits_for_the_players_touches(table: Table) -> None:
    phone = new_phone()
    game = table.deal(phone=phone, words=ENGLISH, with_the_app=True)
    asyncio.run(table.app_turn(phone, game.id))
    now = table.game(game.id)
    clue = now.log.actions[-1]
    assert isinstance(clue, Clue) and clue.by is B and clue.word and (clue.number or 0) >= 1
    seen = table.phone_game(game.id, phone)
    assert seen.seen is not None and seen.seen.view.clue == clue and not seen.app_to_act
    assert seen.seen.view.i_may_guess  # the player touches on their own phone


def _end_the_players_turn(table: Table, game_id: int, phone: Phone) -> None:
    """The player touches a word that is a bystander on the app's side: the turn ends."""
    now = table.game(game_id)
    seen = table.phone_game(game_id, phone).seen
    assert seen is not None
    cell = next(
        c for c in sorted(seen.view.mine_to_touch) if now.state.card.colour(B, c) is Colour.TAN
    )
    table.act(phone, game_id, Guess(A, cell), now.version)
    assert table.game(game_id).state.clue is None


def test_after_the_players_clue_the_app_touches_one_word_at_a_time_as_b_records(
    table: Table,
) -> None:
    phone = new_phone()
    game = table.deal(phone=phone, words=ENGLISH, with_the_app=True)
    asyncio.run(table.app_turn(phone, game.id))
    _end_the_players_turn(table, game.id, phone)
    heard: list[int | None] = []
    table.hub.watch(game.id, heard.append)
    table.act(phone, game.id, Clue(A, "ocean", 2), table.game(game.id).version)
    before = len(table.game(game.id).log.actions)
    assert table.phone_game(game.id, phone).app_to_act
    asyncio.run(table.app_turn(phone, game.id))
    after = table.game(game.id)
    done = after.log.actions[before:]
    assert done and all(action.by is B for action in done)
    touches = [action for action in done if not isinstance(action, Clue)]
    assert touches and isinstance(touches[0], Guess)
    assert all(isinstance(action, Guess | Stop) for action in touches)
    # Its touches, then (its turn over, and the game not) its own clue, the next turn's.
    assert list(done[: len(touches)]) == touches
    assert after.state.is_over or isinstance(done[-1], Clue)
    assert len(heard) >= len(done)  # every one of the app's actions heard as it was made
    assert not table.phone_game(game.id, phone).app_to_act


def _first_decisions(table: Table, seed: int, touch: bool = True) -> list[tuple[Action, ...]]:
    """Two games with the app on side B, the same side B and words and two sides A, played
    alike: in each, the app's first clue, then (`touch`) its first touch after the same
    clue."""
    words = CardWords(WordsKey(ENGLISH, seed), deal_words(SHIPPED[ENGLISH].words, seed))
    decisions = []
    for card in other_side_swapped(seed, kept=B):
        phone = new_phone()
        game = start_game(table.store, GameLog(card, Setup(), words=words), phone=phone.key)
        with table.store.unit() as unit:
            unit.take_seat(game.id, APP_SIDE, APP.key, kind=APP_KIND)
        asyncio.run(table.app_turn(phone, game.id))
        clue = table.game(game.id).log.actions[-1]
        if not touch:
            decisions.append((clue,))
            continue
        _end_the_players_turn(table, game.id, phone)
        table.act(phone, game.id, Clue(A, "ocean", 2), table.game(game.id).version)
        asyncio.run(table.app_turn(phone, game.id))
        touch = table.game(game.id).log.actions[3]  # its clue, a touch, a clue, its touch
        decisions.append((clue, touch))
    return decisions


def test_the_apps_decisions_depend_on_side_b_alone_and_a_planted_cheat_is_caught(
    table: Table,
) -> None:
    for seed in (1, 2, 3):
        first, second = _first_decisions(table, seed)
        assert first == second, seed

    # A partner planted to read the whole key (here through the store, as any code in the
    # server could) clues side A's greens: the same check tells the two games apart.
    def cheat(seat: Seat, language: str) -> Action:
        newest = max(game.id for game in table.store.games_in_progress())
        card = table.game(newest).log.card
        greens = "".join("ab"[card.colour(A, c) is Colour.GREEN] for c in range(25))
        return Clue(B, f"cheat{greens}", 1)

    table.app_thinks = _thinking_here(cheat)
    first, second = _first_decisions(table, 4, touch=False)
    assert first != second


def test_no_phone_joins_or_takes_over_the_apps_side(table: Table) -> None:
    phone = new_phone()
    game = table.deal(phone=phone, words=ENGLISH, with_the_app=True)
    stranger = new_phone()
    assert table.join(game.id, stranger) is None
    assert table.store.seats(game.id).of(B) == (APP.key,)
    with pytest.raises(SeatError, match="the app holds side B"):
        table.ask_for_seat(game.id, B, stranger)
    with pytest.raises(SeatError, match="holds no side of this game"):  # nor makes it think
        asyncio.run(table.app_turn(stranger, game.id))
    assert not table.game(game.id).log.actions


def test_one_app_turn_at_a_time_a_game(table: Table) -> None:
    phone = new_phone()
    game = table.deal(phone=phone, words=ENGLISH, with_the_app=True)

    async def twice() -> None:
        await asyncio.gather(table.app_turn(phone, game.id), table.app_turn(phone, game.id))

    asyncio.run(twice())
    clues = [action for action in table.game(game.id).log.actions if isinstance(action, Clue)]
    assert len(clues) == 1


def test_the_app_waits_when_the_player_moved_while_it_thought(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    phone = new_phone()
    game = table.deal(phone=phone, words=ENGLISH, with_the_app=True)
    moved: list[bool] = []

    def slow(seat: Seat, language: str) -> Action:
        if not moved:  # the player gives the first clue while the app thinks
            now = table.game(game.id)
            table.act(phone, game.id, Clue(A, "ocean", 1), now.version)
            moved.append(True)
        return _real(seat, language)

    table.app_thinks = _thinking_here(slow)
    asyncio.run(table.app_turn(phone, game.id))
    actions = table.game(game.id).log.actions
    assert isinstance(actions[0], Clue) and actions[0].by is A  # the player's clue stands
    assert all(action.by is B for action in actions[1:]) and actions[1:]  # the app guessed
    assert app_partner.APP_SIDE is B


def _won_with_the_app(table: Table, team_name: str, app: bool = True) -> int:
    """A team's standard game (Prague 9-9) with the app on side B (or a phone), won: its
    game's id."""
    team = table.store.add_team(team_name, ["Ann"])
    card_words = CardWords(WordsKey(ENGLISH, 5), deal_words(SHIPPED[ENGLISH].words, 5))
    start = table.store.mission_map(team.map_id)
    log = GameLog(TEST_CARD, Setup(), words=card_words)
    game = start_game(table.store, log, team.id, start.start, map_id=team.map_id)
    with table.store.unit() as unit:
        unit.take_seat(game.id, A, new_phone().key)
        if app:
            unit.take_seat(game.id, APP_SIDE, APP.key, kind=APP_KIND)
        else:
            unit.take_seat(game.id, APP_SIDE, new_phone().key)
    for version, action in enumerate(WINNING_ACTIONS):
        record_action(table.store, game.id, action, version)
    return game.id


def test_a_mission_played_with_the_app_counts_on_the_map_and_says_so(table: Table) -> None:
    game_id = _won_with_the_app(table, "Owls")
    team = table.store.team("Owls")
    (attempt,) = table.store.attempts(team.id)
    assert attempt.won and attempt.with_the_app
    start = table.store.mission_map(team.map_id).start
    assert start in table.store.completed(team.id)  # counts as any win
    assert load_history(table.store, team).charts.with_the_app == (1,)
    # A game played by people says nothing of the app.
    assert _won_with_the_app(table, "Larks", app=False) != game_id
    (by_people,) = table.store.attempts(table.store.team("Larks").id)
    assert by_people.won and not by_people.with_the_app


def test_a_backup_keeps_that_an_attempt_was_played_with_the_app(table: Table) -> None:
    _won_with_the_app(table, "Owls")
    document = export_team(table.store, "Owls")
    assert document["attempts"][0]["with_the_app"] is True
    imported = import_team(table.store, json.dumps(document), rename="Owls again")
    (attempt,) = table.store.attempts(imported.id)
    assert attempt.with_the_app


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda a: a.update(with_the_app="yes"), "with_the_app must be true or false"),
        (
            lambda a: (
                a.pop("log"),
                a.update(result={"tokens_left": 2, "stops": 0, "sudden_death": False}),
            ),
            "a told result was not played with the app",
        ),
    ],
)
def test_a_backup_that_says_with_the_app_wrongly_is_refused_in_one_line(
    table: Table, change: Callable[[dict[str, object]], object], said: str
) -> None:
    _won_with_the_app(table, "Owls")
    document = export_team(table.store, "Owls")
    change(document["attempts"][0])
    with pytest.raises(GadgetError, match=said):
        import_team(table.store, json.dumps(document), rename="Owls again")


@pytest.mark.process
def test_the_app_thinks_in_the_servers_worker_process() -> None:
    """The seat crosses to the worker and the action back (pickled), its lexicon read there."""
    words = deal_words(SHIPPED[ENGLISH].words, 3)
    seat = Seat(view_for(new_game(generate_v1(3)), APP_SIDE), words)
    action = asyncio.run(thinks_in_worker(seat, "en"))
    assert isinstance(action, Clue) and action.by is APP_SIDE and (action.number or 0) >= 1
    assert action.word not in words


def test_a_game_with_the_app_in_french_gets_a_french_clue_the_table_allows(table: Table) -> None:
    phone = new_phone()
    game = table.deal(phone=phone, words=newest_list("fr").number, with_the_app=True)
    asyncio.run(table.app_turn(phone, game.id))
    now = table.game(game.id)
    clue = now.log.actions[-1]
    assert isinstance(clue, Clue) and clue.by is B
    assert now.log.words is not None and now.log.words.language == "fr"
    assert lexicon("fr").row(clue.word) is not None
    assert not clue_flags(clue.word, now.log.words.words, "fr")
