"""A game's end in the history: its attempt, and what its result completes on the map (the
campaign's rule, `missions.after_result`), written in the unit of work that ends the game;
and the same for a game played elsewhere, or a backup's many."""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Any

from gadget.engine import GameLog, GameState, Status, official_score, replay
from gadget.missions import Mission, MissionMap, Result, after_result
from gadget.missions.names import SidesNamed, clean_notes
from gadget.missions.record import EndRecorded, finished_game
from gadget.missions.record import take_back as undone_end
from gadget.store import Attempt, ImportedAttempt, PlannedAttempt, Store
from gadget.store.records import players_json, sides_json
from gadget.store.unit import Unit


def finish(
    unit: Unit,
    *,
    team_id: int | None,
    mission_id: str | None,
    map_id: int | None,
    players: Sequence[str],
    log: GameLog,
    state: GameState,
    played_at: datetime,
    notes: str = "",
    sides: SidesNamed | None = None,
    with_the_app: bool = False,
) -> int:
    """The attempt, and what it completes, in the caller's unit: a win completes its
    mission for good on the map the game was played on, a loss changes nothing, a locked
    mission is refused."""
    columns = game_columns(
        players=players,
        log=log,
        state=state,
        played_at=played_at,
        notes=notes,
        sides=sides,
        with_the_app=with_the_app,
    )
    attempt_id = unit.add_attempt(
        columns | {"team_id": team_id, "mission_id": mission_id, "map_id": map_id}
    )
    if team_id is not None and mission_id is not None:
        before = frozenset(unit.completions(team_id))
        after = after_result(unit.played_on(team_id, map_id), before, mission_id, columns["won"])
        unit.add_completions(team_id, after - before, attempt_id, played_at)
    return attempt_id


def take_back(unit: Unit, game_id: int, attempt_id: int) -> None:
    """Undo the end of a game in the caller's unit, as `missions.record.take_back` decides
    from what the record holds: its attempt goes, with the completions only it earned, or
    nothing changes (it refuses)."""
    team_id, notes = unit.attempt_notes(attempt_id)
    earned_by: dict[str, int | None] = {}
    played_on = False
    if team_id is not None:
        earned_by = unit.completions(team_id)
        played_on = unit.played_since(team_id, attempt_id, game_id)
    undone = undone_end(EndRecorded(attempt_id, notes, played_on, earned_by))
    unit.remove_attempt(game_id, undone.attempt, team_id, undone.completions)


def record_finished_game(
    store: Store,
    log: GameLog,
    *,
    team_id: int | None,
    mission_id: str | None,
    map_id: int | None = None,
    players: Sequence[str] = (),
    played_at: datetime | None = None,
    notes: str = "",
) -> Attempt:
    """A finished game played elsewhere: its attempt and the campaign, in one unit."""
    state = finished_game(log)
    with store.unit() as unit:
        attempt_id = finish(
            unit,
            team_id=team_id,
            mission_id=mission_id,
            map_id=map_id,
            players=players,
            log=log,
            state=state,
            played_at=played_at or unit.now,
            notes=clean_notes(notes),
        )
        return unit.attempt(attempt_id)


def game_columns(
    *,
    players: Sequence[str],
    log: GameLog,
    state: GameState,
    played_at: datetime,
    notes: str,
    sides: SidesNamed | None = None,
    with_the_app: bool = False,
) -> dict[str, Any]:
    """An attempt's columns, but its team, mission and map, from its game's log and end (one
    place for a game ended here and a backup's many, written at once)."""
    return {
        "played_at": played_at,
        "players": players_json(players),
        "won": state.status is Status.WON,
        "reason": state.reason.value if state.reason else None,
        "score": official_score(state),
        "tokens_used": state.setup.tokens - state.bank.total,
        "mistakes": state.mistakes,
        "sudden_death": state.sudden_death,
        "notes": notes,
        "log": log.to_json(),
        "told": None,
        "sides": sides_json(sides) if sides else None,
        "with_the_app": with_the_app,
    }


def told_columns(
    *, mission: Mission, players: Sequence[str], told: Result, played_at: datetime, notes: str
) -> dict[str, Any]:
    """An attempt's columns, but its team, mission and map, from a told result (checked
    against its mission's bank first); the mistakes made are not told: none kept."""
    told.check(mission)
    return {
        "played_at": played_at,
        "players": players_json(players),
        "won": told.won,
        "reason": None,
        "score": told.score,
        "tokens_used": mission.turns - told.tokens_left,
        "mistakes": None,
        "sudden_death": told.sudden_death,
        "notes": notes,
        "log": None,
        "told": json.dumps(told.to_dict()),
    }


def planned(
    team_map: MissionMap, completed: Collection[str], attempts: Sequence[ImportedAttempt]
) -> list[PlannedAttempt]:
    """A backup's attempts judged in order, as `finish` would one by one: a win on the
    team's map completes what `missions.after_result` says, a locked mission is refused."""
    done = frozenset(completed)
    plans = []
    for attempt in attempts:
        played_on = attempt.mission_map or team_map
        notes = clean_notes(attempt.notes, kept=True)
        if attempt.log is None:  # a phone's game: its told result, on a mission
            assert attempt.told is not None and attempt.mission_id is not None
            columns = told_columns(
                mission=played_on.mission(attempt.mission_id),
                players=attempt.players,
                told=attempt.told,
                played_at=attempt.played_at,
                notes=notes,
            )
        else:
            columns = game_columns(
                players=attempt.players,
                log=attempt.log,
                state=attempt.state if attempt.state is not None else replay(attempt.log),
                played_at=attempt.played_at,
                notes=notes,
                sides=attempt.sides,
                with_the_app=attempt.with_the_app,
            )
        completes: tuple[str, ...] = ()
        if attempt.mission_id is not None and played_on == team_map:  # elsewhere: nothing
            after = after_result(team_map, done, attempt.mission_id, columns["won"])
            completes, done = tuple(sorted(after - done)), after
        plans.append(
            PlannedAttempt(columns | {"mission_id": attempt.mission_id}, played_on, completes)
        )
    return plans
