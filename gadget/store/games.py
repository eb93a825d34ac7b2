"""Games being played, as rows: one found by its number, address or card, and the
unfinished ones (a new game and each action are saved through a unit of work: store/unit.py)."""

from __future__ import annotations

from sqlalchemy import func
from sqlmodel import col, select

from gadget.store.errors import NotFoundError
from gadget.store.records import GameRecord, game_record
from gadget.store.repository import Repository
from gadget.store.rows import GameRow


class GameRecords(Repository):
    """Games in progress (and just finished)."""

    def game(self, game_id: int) -> GameRecord:
        """A saved game as it stands now."""
        with self._transaction() as session:
            row = session.get(GameRow, game_id)
            if row is None:
                raise NotFoundError("no game number {game_id}", game_id=game_id)
            return game_record(row)

    def game_by_public_id(self, public_id: str) -> GameRecord | None:
        """The game an address names, or None (a phone opening it: one round trip)."""
        with self._reading() as session:
            row = session.exec(select(GameRow).where(GameRow.public_id == public_id)).first()
            return game_record(row) if row is not None else None

    def game_by_side_b(self, side_b: str) -> GameRecord | None:
        """The newest game with this side B, finished or not (what a share code names,
        whatever bank its text was edited to carry; a phone opening it: one round trip)."""
        with self._reading() as session:
            row = session.exec(
                select(GameRow).where(GameRow.side_b == side_b).order_by(col(GameRow.id).desc())
            ).first()
            return game_record(row) if row is not None else None

    def games_in_progress(self, newest: int | None = None) -> list[GameRecord]:
        """Games not finished yet, oldest first (only the `newest` few when given): a
        restarted server resumes every one of them."""
        with self._transaction() as session:
            query = select(GameRow).where(col(GameRow.attempt_id).is_(None))
            if newest is not None:
                query = query.order_by(col(GameRow.id).desc()).limit(newest)
                rows = list(reversed(session.exec(query).all()))
            else:
                rows = list(session.exec(query.order_by(col(GameRow.id))).all())
            return [game_record(row) for row in rows]

    def count_games_in_progress(self) -> int:
        """How many games are not finished, without reading them."""
        with self._transaction() as session:
            counted = session.exec(
                select(func.count()).select_from(GameRow).where(col(GameRow.attempt_id).is_(None))
            ).one()
            return int(counted)
