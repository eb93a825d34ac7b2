"""A game with the app as the partner on the site: the whole table on this phone (the engine
judges every touch, as a server does), the app at side B deciding from what B's phone would
show (gadget/partner/pocket.py, in the browser), the game kept in the phone's storage so a
reload goes on with it, and its end counted for the chosen city, its log kept."""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Final

import flet as ft

from gadget.engine import (
    Action,
    Clue,
    GadgetError,
    Guess,
    LossReason,
    Player,
    Setup,
    Stop,
    apply,
    new_game,
    view_for,
)
from gadget.engine.gamelog import GameLog, game_log_from_dict
from gadget.engine.keycard import generate_v1
from gadget.engine.sharecode import DEAL_SEED_BITS
from gadget.engine.state import GameState
from gadget.engine.words import WORD_SEED_BITS, CardWords, WordsKey, deal_words, newest_list
from gadget.missions import Mission
from gadget.missions.team_document import TeamDocument, with_played_game
from gadget.partner.player import partner_clue, partner_touch
from gadget.partner.pocket import POCKET_LANGUAGES, pocket
from gadget.partner.reading import PartnerError
from gadget.partner.seat import Seat, turns_of
from gadget.services import addresses, palette
from gadget.services.words import bank_words, end_words, turn_words
from gadget.site.hold import TeamHold, use_team
from gadget.views.parts.apart import apart_buttons, own_touch, touch_question
from gadget.views.parts.boundary import component
from gadget.views.parts.hooks import Kept, use_kept, use_task, use_value
from gadget.views.parts.keycard import KeyCardGrid, Worded
from gadget.views.parts.language import _, city, say
from gadget.views.parts.layout import screen
from gadget.views.parts.shield import counting, use_shielded
from gadget.views.parts.storage import stored, write

ALONE_KEY: Final = "gadget.site.alone"  # then ".en" or ".fr": the game of each language
PLAYER: Final = Player.A
APP_SIDE: Final = Player.B
#: Seconds before each of the app's actions: the player sees each touch and its result.
PAUSE: Final = 1.5


@dataclass(frozen=True, slots=True)
class AloneGame:
    """The game with the app kept on this phone: its log, its city, whether it is counted."""

    log: GameLog
    mission: str
    recorded: bool = False

    def to_json(self) -> str:
        return json.dumps(
            {"log": self.log.to_dict(), "mission": self.mission, "recorded": self.recorded}
        )

    def then(self, action: Action) -> AloneGame:
        """The game after one more action (checked by the rules first: the caller's)."""
        log = self.log
        return replace(
            self, log=GameLog(log.card, log.setup, (*log.actions, action), words=log.words)
        )


def read_alone(kept: object) -> AloneGame | None:
    """The kept game, or None where nothing (or nothing readable) is kept."""
    try:
        data = json.loads(str(kept)) if isinstance(kept, str) else None
        if not isinstance(data, dict):
            return None
        log = game_log_from_dict(data["log"])
        if log.words is None:
            return None
        state_of(log)  # a log whose actions the rules refuse is not kept
        return AloneGame(log, str(data.get("mission", "")), data.get("recorded") is True)
    except (ValueError, KeyError, TypeError, GadgetError):
        return None


def dealt_with_the_app(language: str, mission: Mission) -> AloneGame:
    """A new card and 25 words of the language's newest list, for the city's time bank."""
    words = newest_list(language)
    seed = secrets.randbits(WORD_SEED_BITS)
    card_words = CardWords(WordsKey(words.number, seed), deal_words(words.words, seed))
    card = generate_v1(secrets.randbits(DEAL_SEED_BITS))
    setup = Setup(tokens=mission.turns, mistakes=mission.mistakes)
    return AloneGame(GameLog(card, setup, words=card_words), mission.id)


def state_of(log: GameLog) -> GameState:
    """The game as its log leaves it."""
    state = new_game(log.card, log.setup)
    for action in log.actions:
        state = apply(state, action)
    return state


def app_to_act(state: GameState) -> bool:
    """Whether the app has something to do now."""
    if state.is_over:
        return False
    view = view_for(state, APP_SIDE)
    return view.i_may_give_clue or view.i_may_guess


def app_action(log: GameLog, state: GameState, language: str) -> Action:
    """The app's next action, from what side B's phone would show and nothing else."""
    assert log.words is not None
    past, found = turns_of(log)
    seat = Seat(view_for(state, APP_SIDE), log.words.words, past, found)
    reader = pocket(language)
    if seat.view.i_may_give_clue:
        from gadget.services.clue_check import clue_flags  # noqa: PLC0415  (not in the snapshot)

        return partner_clue(reader, seat, lambda w, shown: not clue_flags(w, shown, language))
    cell = partner_touch(reader, seat)
    return Stop(APP_SIDE) if cell is None else Guess(APP_SIDE, cell)


def refusal(state: GameState, action: Action, language: str) -> str:
    """Why the player's action is not taken ("" when it is): the rules', or a clue the app
    cannot read."""
    try:
        if isinstance(action, Clue) and not pocket(language).knows(action.word):
            raise PartnerError(
                "the app does not know the word {word}: give another", word=action.word
            )
        apply(state, action)
    except GadgetError as refused:
        return say(refused)
    return ""


async def written(language: str, after: AloneGame, base: AloneGame | None) -> AloneGame | None:
    """Keep the game after a move made on `base` (None: a new game), unless another tab moved
    it since: then nothing is written, and the game as it is now is returned (an outsider's:
    two tabs each wrote their own, a touch was lost and a counted loss came back to life)."""
    if base is not None:
        now = read_alone(await stored(alone_key(language)))
        if now is not None and now != base:
            return now
    await write(alone_key(language), after.to_json())
    return None


def alone_key(language: str) -> str:
    """Where the phone keeps its game with the app in that language (one each: starting a
    French game leaves an English one as it was)."""
    return f"{ALONE_KEY}.{language}"


async def kept_or_dealt(language: str, mission: Mission | None) -> AloneGame | None:
    """The game kept on this phone in this language when it is not over; else a new one for
    the city (None: no city to play)."""
    kept = read_alone(await stored(alone_key(language)))
    words = kept.log.words if kept is not None else None
    same = words is not None and words.key.list_number == newest_list(language).number
    if kept is not None and same and not state_of(kept.log).is_over:
        return kept
    return dealt_with_the_app(language, mission) if mission is not None else None


async def apps_turn(
    latest: Kept[AloneGame | None],
    keep: Callable[[AloneGame, AloneGame], Awaitable[None]],
    language: str,
) -> None:
    """The app's actions while it has something to do, each after its pause; an action the
    player made meanwhile (a touch in sudden death) is seen, and the app looks again."""
    while (game := latest.current) is not None and app_to_act(state := state_of(game.log)):
        await asyncio.sleep(PAUSE)
        action = app_action(game.log, state, language)
        if latest.current is game:
            await keep(game.then(action), game)


def counted(hold: TeamHold, game: AloneGame) -> str:
    """Count the ended game for its city in the phone's team, with its log and "with the
    app"; why not, when its city is no longer one the team may play ("" when it is counted)."""
    at = datetime.now(UTC).isoformat()
    try:
        team, _done = with_played_game(
            hold.team, game.mission, game.log.to_dict(), at, with_the_app=True
        )
    except GadgetError as refused:
        return say(refused)
    hold.keep(team)
    return ""


def _asked(route: str, language: str, team: TeamDocument) -> tuple[str, str, Mission | None]:
    """What a link asks: its language (English unless the pocket reads it), the city it
    names, and the city played (that one if the team may play it, else its first open)."""
    missions = team.playable_missions
    asked = addresses.in_query(route, addresses.MISSION_QUERY) or ""
    return (
        language[:2] if language[:2] in POCKET_LANGUAGES else "en",
        asked,
        next((m for m in missions if m.id == asked), missions[0] if missions else None),
    )


@component
def AloneRoute() -> ft.Control:
    """/alone/<en|fr>?mission=<id>: the game with the app kept here, or a new one for the city
    (a kept game in the other language, or over, gives way to a new one)."""
    page = ft.context.page
    hold = use_team()
    language, asked, mission = _asked(
        page.route or "", ft.use_route_params().get(addresses.LANGUAGE, "en"), hold.team
    )
    empty: tuple[AloneGame | None] = (None,)
    held, set_held = use_value(lambda: empty)
    latest = use_kept(held[0])  # the game as the last action left it, for the app's turn
    latest.current = held[0]
    trouble, set_trouble = use_value(lambda: "")
    thinking = use_kept(False)

    async def keep(after: AloneGame, base: AloneGame | None = None) -> None:
        moved = await written(language, after, base)
        latest.current = moved or after
        set_held((moved or after,))
        set_trouble(
            _("This game moved on in another tab: here it is as it is now.") if moved else ""
        )

    async def open_game() -> None:
        opened = await kept_or_dealt(language, mission)
        if opened is None:
            set_trouble(_("This team has no open city."))
            return
        await keep(opened)

    async def app_turn() -> None:
        if not thinking.current:
            thinking.current = True
            try:
                await apps_turn(latest, keep, language)
            finally:
                thinking.current = False

    async def count_it() -> None:
        game = latest.current
        if game is not None and not game.recorded and state_of(game.log).is_over:
            refused = counted(hold, game)
            set_trouble(refused)
            if not refused:
                await keep(replace(game, recorded=True), game)

    game = held[0]
    actions = len(game.log.actions) if game is not None else -1
    use_task(open_game, [language, asked])
    use_task(app_turn, [actions])
    use_task(count_it, [actions])
    if game is None:
        return screen([ft.Text(trouble or _("Dealing..."))])
    # An edited link names a city the team cannot play: said for as long as the game shown is
    # another city's, whatever moves meanwhile (a line set once went with the app's clue).
    if asked and game.mission != asked:
        wrong_link = _("No open city {asked} on this team's map.").format(asked=asked[:40])
        trouble = f"{wrong_link} {trouble}".strip()

    def again() -> None:
        if mission is not None:
            page.run_task(keep, dealt_with_the_app(language, mission))

    return AloneTable(
        game=game,
        language=language,
        keep=lambda after: page.run_task(keep, after, game),
        again=again,
        trouble=trouble,
    )


@component
def AloneTable(
    *,
    game: AloneGame,
    language: str,
    keep: Callable[[AloneGame], object],
    again: Callable[[], None],
    trouble: str = "",
) -> ft.Control:
    """The table: the city, the turn or the end, side A's card, what the player may do."""
    hold = use_team()
    chosen, choose = use_value(lambda: -1)
    message, set_message = use_value(lambda: "")
    state = state_of(game.log)
    view = view_for(state, PLAYER)
    words = game.log.words.words if game.log.words is not None else None
    mission = hold.team.mission_map.find(game.mission)
    on_touch, mine = own_touch(view, chosen if chosen >= 0 else None, choose)

    def act(action: Action) -> None:
        wrong = refusal(state, action, language)
        set_message(wrong)
        if not wrong:
            choose(-1)
            keep(game.then(action))

    # The taps on the buttons above the card, counted: each answer is deaf for a moment (a
    # quick second tap on "Touch WORD" pressed what moved up under it).
    taps = use_kept(0)
    button_act = counting(taps, act)

    where = city(mission.name) + " " + mission.parameters if mission is not None else ""
    shown: list[ft.Control] = [
        ft.Text(_("Playing with the app"), size=22, weight=ft.FontWeight.BOLD),
        ft.Text(
            where + " · " + (_("English words") if language == "en" else _("French words")),
            size=14,
        ),
        *([ft.Text(trouble, color=palette.DANGER)] if trouble else []),
    ]
    buttons: list[ft.Control] = []
    if state.is_over:
        told = end_words(game.log, state, PLAYER, None)
        shown += [
            ft.Text(say(told.headline), size=18, weight=ft.FontWeight.W_600),
            *(ft.Text(say(line)) for line in told.details),
            *([ft.Text(_("Counted for the city, played with the app."))] if game.recorded else []),
            ft.Button(
                _("New game with the app"), icon=ft.Icons.SMART_TOY, on_click=lambda _e: again()
            ),
        ]
    else:
        thinking = app_to_act(state)
        turn = _("The app holds side B. It is thinking...")
        shown += [
            ft.Text(
                turn if thinking else say(turn_words(view, apart=True)), weight=ft.FontWeight.W_600
            ),
            ft.Text(say(bank_words(view)), size=14),
            *([ft.Text(message, color=palette.DANGER)] if message else []),
        ]
        buttons = [
            *touch_question(view, words, mine, button_act, counting(taps, lambda: choose(-1))),
            *apart_buttons(view, button_act, _uncovered(words, state), language, thinking),
        ]
    shown.append(use_shielded(buttons, taps.current, spacing=12))
    shown.append(
        KeyCardGrid(view, on_touch, False, _struck(game.log, state), Worded(words, mine, True))
    )
    return screen(shown)


def _struck(log: GameLog, state: GameState) -> int | None:
    """The cell whose touch found the assassin, if one did."""
    last = log.actions[-1] if log.actions else None
    if state.reason is LossReason.ASSASSIN and isinstance(last, Guess):
        return last.cell
    return None


def _uncovered(words: tuple[str, ...] | None, state: GameState) -> tuple[str, ...]:
    """The words still showing on the table (the clue rule reads them)."""
    if words is None:
        return ()
    view = view_for(state, PLAYER)
    covered = view.found | (view.marks_by_me & view.marks_by_partner)
    return tuple(word for cell, word in enumerate(words) if cell not in covered)
