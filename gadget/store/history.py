"""The history: finished games (attempts), their notes, statistics, and what a result completes."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import case, delete, func, update
from sqlalchemy import select as sql_select
from sqlmodel import Session, col, select

from gadget.engine import GameLog, GameState, Status
from gadget.engine.rules import official_score
from gadget.missions import Mission, Result, after_result
from gadget.missions.names import clean_notes
from gadget.missions.record import EndRecorded, finished_game
from gadget.missions.record import take_back as undone_end
from gadget.store.errors import NotFoundError
from gadget.store.maps import load_map
from gadget.store.records import (
    Attempt,
    MissionStats,
    attempt_record,
)
from gadget.store.repository import Repository
from gadget.store.tables import (
    AttemptRow,
    CompletionRow,
    GameRow,
    SeatRow,
    TeamRow,
)


class HistoryRecords(Repository):
    """Attempts and statistics."""

    def record_finished_game(
        self,
        log: GameLog,
        *,
        team_id: int | None,
        mission_id: str | None,
        map_id: int | None = None,
        players: Sequence[str] = (),
        played_at: datetime | None = None,
        notes: str = "",
    ) -> Attempt:
        """A finished game played elsewhere: its attempt and the campaign, in one transaction."""
        state = finished_game(log)
        with self._transaction() as session:
            attempt_id = finish(
                session,
                team_id=team_id,
                mission_id=mission_id,
                map_id=map_id,
                players=players,
                log=log,
                state=state,
                played_at=played_at or self.now(),
                notes=clean_notes(notes),
            )
            row = session.get(AttemptRow, attempt_id)
            assert row is not None
            return attempt_record(row)

    def count_attempts(self, team_id: int) -> int:
        """How many attempts a team's history holds (to know whether reading it is long)."""
        with self._transaction() as session:
            counted = session.execute(
                sql_select(func.count())
                .select_from(AttemptRow)
                .where(col(AttemptRow.team_id) == team_id)
            ).scalar_one()
            return int(counted)

    def attempts(self, team_id: int | None) -> list[Attempt]:
        """A team's history, oldest first (games outside any team with None)."""
        with self._transaction() as session:
            rows = session.exec(
                select(AttemptRow)
                .where(AttemptRow.team_id == team_id)
                .order_by(col(AttemptRow.played_at), col(AttemptRow.id))
            ).all()
            return [attempt_record(row) for row in rows]

    def practice_attempts(self, phone: str, newest: int = 200) -> list[Attempt]:
        """The games outside any team that this phone played (held a side of), newest first:
        other phones' practice games on the same server are never listed."""
        with self._transaction() as session:
            rows = session.exec(
                select(AttemptRow)
                .join(GameRow, col(GameRow.attempt_id) == col(AttemptRow.id))
                .join(SeatRow, col(SeatRow.game_id) == col(GameRow.id))
                .where(col(AttemptRow.team_id).is_(None), SeatRow.phone == phone)
                .order_by(col(AttemptRow.played_at).desc(), col(AttemptRow.id).desc())
                .limit(newest)
            ).all()
            return [attempt_record(row) for row in rows]

    def set_attempt_notes(self, attempt_id: int, notes: str) -> None:
        """Keep a note on one attempt."""
        with self._transaction() as session:
            row = session.get(AttemptRow, attempt_id)
            if row is None:
                raise NotFoundError("no attempt number {attempt_id}", attempt_id=attempt_id)
            row.notes = clean_notes(notes)
            session.add(row)

    def statistics(self, team_id: int) -> dict[str | None, MissionStats]:
        """Per mission: attempts, wins, best and average score, last played (one query)."""
        with self._transaction() as session:
            won = func.sum(case((col(AttemptRow.won), 1), else_=0))
            rows = session.execute(
                sql_select(
                    col(AttemptRow.mission_id),
                    func.count(),
                    won,
                    func.max(col(AttemptRow.score)),
                    func.avg(col(AttemptRow.score)),
                    func.max(col(AttemptRow.played_at)),
                )
                .where(col(AttemptRow.team_id) == team_id)
                .group_by(col(AttemptRow.mission_id))
            ).all()
            return {
                mission: MissionStats(
                    mission_id=mission,
                    attempts=count,
                    wins=int(wins or 0),
                    best_score=best,
                    average_score=float(average) if average is not None else None,
                    last_played=last,
                )
                for mission, count, wins, best, average, last in rows
            }


def finish(
    session: Session,
    *,
    team_id: int | None,
    mission_id: str | None,
    map_id: int | None,
    players: Sequence[str],
    log: GameLog,
    state: GameState,
    played_at: datetime,
    notes: str = "",
    complete: bool = True,
) -> int:
    """The attempt, and what it completes, in the caller's transaction.

    What a result completes is the campaign's rule, `missions.after_result`, applied to the
    map the game was played on (the team's map for games saved before maps were kept): a
    win completes its mission for good, a loss changes nothing, a locked mission is refused.
    """
    row = AttemptRow(
        team_id=team_id,
        mission_id=mission_id,
        map_id=map_id,
        **game_columns(players=players, log=log, state=state, played_at=played_at, notes=notes),
    )
    return _record(session, row, complete)


def game_columns(
    *, players: Sequence[str], log: GameLog, state: GameState, played_at: datetime, notes: str
) -> dict[str, Any]:
    """An attempt's columns, but its team, mission and map, from its game's log and end (one
    place for a game ended here and a backup's many, written at once)."""
    return {
        "played_at": played_at,
        "players": json.dumps(list(players)),
        "won": state.status is Status.WON,
        "reason": state.reason.value if state.reason else None,
        "score": official_score(state),
        "tokens_used": state.setup.tokens - state.bank.total,
        "mistakes": state.mistakes,
        "sudden_death": state.sudden_death,
        "notes": notes,
        "log": log.to_json(),
        "told": None,
    }


def finish_told(
    session: Session,
    *,
    team_id: int,
    mission: Mission,
    map_id: int | None,
    players: Sequence[str],
    told: Result,
    played_at: datetime,
    notes: str = "",
    complete: bool = True,
) -> int:
    """An attempt known only by its told result (a phone's game, no log), and what it
    completes, by the same rule as `finish`; the mistakes made are not told: none kept."""
    row = AttemptRow(
        team_id=team_id,
        mission_id=mission.id,
        map_id=map_id,
        **told_columns(
            mission=mission, players=players, told=told, played_at=played_at, notes=notes
        ),
    )
    return _record(session, row, complete)


def told_columns(
    *, mission: Mission, players: Sequence[str], told: Result, played_at: datetime, notes: str
) -> dict[str, Any]:
    """An attempt's columns, but its team, mission and map, from a told result (checked
    against its mission's bank first)."""
    told.check(mission)
    return {
        "played_at": played_at,
        "players": json.dumps(list(players)),
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


def _record(session: Session, row: AttemptRow, complete: bool) -> int:
    """Save an attempt and the completion its result earns on the map it was played on."""
    session.add(row)
    session.flush()
    assert row.id is not None
    team_id, mission_id = row.team_id, row.mission_id
    if complete and team_id is not None and mission_id is not None:
        before = frozenset(
            session.exec(
                select(CompletionRow.mission_id).where(CompletionRow.team_id == team_id)
            ).all()
        )
        team_map = session.get_one(TeamRow, team_id).map_id
        played_on = load_map(session, row.map_id or team_map)
        after = after_result(played_on, before, mission_id, row.won)
        for completed in sorted(after - before):
            session.add(
                CompletionRow(
                    team_id=team_id,
                    mission_id=completed,
                    completed_at=row.played_at,
                    attempt_id=row.id,
                )
            )
    session.flush()
    return row.id


def take_back(session: Session, attempt_id: int, game_id: int) -> None:
    """Undo the end of a game, in the caller's transaction, as `missions.record.take_back`
    decides from what the record holds: its attempt goes, with the completions only it
    earned, or nothing changes."""
    attempt = session.get_one(AttemptRow, attempt_id)
    earned_by: dict[str, int | None] = {}
    played_on = False
    if attempt.team_id is not None:
        earned_by = dict(
            session.exec(
                select(CompletionRow.mission_id, CompletionRow.attempt_id).where(
                    CompletionRow.team_id == attempt.team_id
                )
            ).all()
        )
        later_attempt = session.exec(
            select(AttemptRow.id).where(
                AttemptRow.team_id == attempt.team_id, col(AttemptRow.id) > attempt_id
            )
        ).first()
        later_game = session.exec(
            select(GameRow.id).where(GameRow.team_id == attempt.team_id, col(GameRow.id) > game_id)
        ).first()
        played_on = later_attempt is not None or later_game is not None
    undone = undone_end(EndRecorded(attempt_id, attempt.notes, played_on, earned_by))
    if undone.completions:
        session.execute(
            delete(CompletionRow).where(
                col(CompletionRow.team_id) == attempt.team_id,
                col(CompletionRow.mission_id).in_(sorted(undone.completions)),
            )
        )
    session.execute(update(GameRow).where(col(GameRow.id) == game_id).values(attempt_id=None))
    session.execute(delete(AttemptRow).where(col(AttemptRow.id) == undone.attempt))
