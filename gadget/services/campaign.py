"""What a team does with the app: start games and missions, see the campaign, record results."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from gadget.engine import Deal, GadgetError, GameLog, Status, parse_game_log
from gadget.engine.sharecode import DEAL_SEED_BITS
from gadget.engine.words import WORD_SEED_BITS, WordsChoice, dealt_words
from gadget.missions import (
    Mission,
    MissionMap,
    MissionState,
    check_playable,
    mission_states,
    result_on_map,
)
from gadget.missions.record import finished_game
from gadget.services import games
from gadget.services.attempts import record_finished_game
from gadget.services.games import SavedGame
from gadget.store import Attempt, MissionStats, Store, Team, Unit


class CampaignError(GadgetError):
    """A mission, team or result the campaign cannot take as asked."""


@dataclass(frozen=True, slots=True)
class MissionCard:
    """One city as the campaign screen shows it."""

    mission: Mission
    state: MissionState
    stats: MissionStats | None


@dataclass(frozen=True, slots=True)
class CampaignView:
    """A team's whole campaign at a glance."""

    team: Team
    mission_map: MissionMap
    cards: tuple[MissionCard, ...]
    other_games: MissionStats | None

    def card(self, mission_id: str) -> MissionCard:
        """The card of one mission."""
        return next(c for c in self.cards if c.mission.id == mission_id)

    @property
    def open_missions(self) -> list[Mission]:
        """Missions the team may attempt now and has not completed."""
        return [c.mission for c in self.cards if c.state is MissionState.OPEN]


def campaign_view(store: Store, team: Team | str) -> CampaignView:
    """Every mission with its state and the team's record on it, from three queries."""
    team = store.team(team) if isinstance(team, str) else team
    mission_map = store.mission_map(team.map_id)
    states = mission_states(mission_map, store.completed(team.id))
    stats = store.statistics(team.id)
    cards = tuple(MissionCard(m, states[m.id], stats.get(m.id)) for m in mission_map.missions)
    return CampaignView(team, mission_map, cards, stats.get(None))


def mission_names(store: Store, team: Team, attempts: Sequence[Attempt]) -> dict[str, str]:
    """Each mission's name for the history: the team's map first, in its order, then the
    maps older attempts were played on (a team that changed maps keeps its history)."""
    names = {m.id: m.name for m in store.mission_map(team.map_id).missions}
    for map_id in sorted({a.map_id for a in attempts if a.map_id not in (None, team.map_id)}):
        assert map_id is not None
        for mission in store.mission_map(map_id).missions:
            names.setdefault(mission.id, mission.name)
    for attempt in attempts:  # a mission whose map is unknown still gets a line
        if attempt.mission_id is not None:
            names.setdefault(attempt.mission_id, attempt.mission_id)
    return names


def find_mission(mission_map: MissionMap, name: str) -> Mission:
    """A mission by name or id as typed, or a message naming the map's missions."""
    mission = mission_map.find(name)
    if mission is None:
        names = ", ".join(m.name for m in mission_map.missions)
        raise CampaignError(
            "no mission {name!r} on this map; the missions are {names}", name=name, names=names
        )
    return mission


def start_game(
    store: Store,
    *,
    team_name: str | None = None,
    mission_name: str | None = None,
    tokens: int = 9,
    mistakes: int | None = None,
    players: Sequence[str] = (),
    seed: int | None = None,
    phone: str | None = None,
    words: WordsChoice | None = None,
    unit: Unit | None = None,
) -> SavedGame:
    """A new game, saved in the caller's unit (or one of its own): a mission sets the time
    bank; a team's standard 9-token game is the start; with `words`, its 25 words are dealt
    too (from a shipped list, or a custom list).

    Winning a standard 9-token game completes the start (Prague 9-9); 10 or 11 tokens make a
    practice game that goes to the history but not the campaign.
    """
    team = store.team(team_name) if team_name else None
    mission_id: str | None = None
    map_id = team.map_id if team else None
    if mission_name is not None:
        if team is None:
            raise CampaignError("a mission is played by a team: name the team")
        mission_map = store.mission_map(team.map_id)
        mission = find_mission(mission_map, mission_name)
        check_playable(mission_map, store.completed(team.id), mission.id)
        tokens, mistakes, mission_id = mission.turns, mission.mistakes, mission.id
    else:
        mistakes = tokens if mistakes is None else mistakes
        if team is not None:
            team_map = store.mission_map(team.map_id)
            start = team_map.mission(team_map.start)
            if (start.turns, start.mistakes) == (tokens, mistakes):
                mission_id = start.id
    deal = fresh_deal(store, tokens, mistakes) if seed is None else Deal(seed, tokens, mistakes)
    card_words = None
    if words is not None:
        word_seed = (
            secrets.randbits(WORD_SEED_BITS) if seed is None else seed % (1 << WORD_SEED_BITS)
        )
        card_words = dealt_words(words, word_seed)
        deal = Deal(deal.seed, deal.tokens, deal.mistakes, card_words.key)
    return games.start_game(
        store,
        GameLog.dealt(deal, custom=card_words),
        team_id=team.id if team else None,
        mission_id=mission_id,
        players=players or (team.players if team else ()),
        map_id=map_id if mission_id else None,
        phone=phone,
        unit=unit,
    )


FRESH_DEAL_TRIES = 8


def fresh_deal(store: Store, tokens: int, mistakes: int) -> Deal:
    """A random deal whose side B no game on this server has: a join finds its game by side
    B alone (about one side in a billion is dealt twice: then the card is dealt again)."""
    for _ in range(FRESH_DEAL_TRIES):
        deal = Deal(secrets.randbits(DEAL_SEED_BITS), tokens, mistakes)
        if store.game_by_side_b(deal.code.side_b) is None:
            return deal
    return deal  # eight collisions in a row: a server with a billion games; the newest wins


@dataclass(frozen=True, slots=True)
class Recorded:
    """An attempt just recorded, and the missions its win opened."""

    attempt: Attempt
    opened: list[Mission]


def record_played_elsewhere(
    store: Store, team_name: str, mission_name: str, log_text: str
) -> Recorded:
    """A finished game from a log file, counted for a mission whose time bank it must match."""
    team = store.team(team_name)
    mission_map = store.mission_map(team.map_id)
    mission = find_mission(mission_map, mission_name)
    log = parse_game_log(log_text)
    bank = (log.setup.tokens, log.setup.mistakes)
    if bank != (mission.turns, mission.mistakes):
        raise CampaignError(
            "the game was played with {bank}-{bank2}; {name} is {parameters}",
            bank=bank[0],
            bank2=bank[1],
            name=mission.name,
            parameters=mission.parameters,
        )
    won = finished_game(log).status is Status.WON
    result = result_on_map(mission_map, store.completed(team.id), mission.id, won)
    attempt = record_finished_game(
        store, log, team_id=team.id, mission_id=mission.id, map_id=team.map_id, players=team.players
    )
    return Recorded(attempt, list(result.opened))
