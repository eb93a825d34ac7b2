"""The history: finished games (attempts), their notes, statistics, and what a result completes."""

from __future__ import annotations

from sqlalchemy import case, func
from sqlalchemy import select as sql_select
from sqlmodel import col, select

from gadget.missions.names import clean_notes
from gadget.store.errors import NotFoundError
from gadget.store.records import (
    Attempt,
    MissionStats,
    attempt_record,
)
from gadget.store.repository import Repository
from gadget.store.rows import (
    AttemptRow,
    GameRow,
    SeatRow,
)


class HistoryRecords(Repository):
    """Attempts and statistics."""

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
