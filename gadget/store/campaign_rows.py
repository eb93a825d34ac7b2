"""The campaign's rows in a unit of work: the attempts a game's end writes or an undo takes
back, and the completions they earn (`services/attempts.py` decides which; this keeps and
finds the rows)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import delete, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlmodel import Session, col, select

from gadget.missions.map import MissionMap
from gadget.store.errors import NotFoundError
from gadget.store.maps import load_map
from gadget.store.records import Attempt, attempt_record
from gadget.store.rows import AttemptRow, CompletionRow, GameRow, TeamRow


class CampaignRows:
    """The unit of work's attempts and completions (`Unit` is one)."""

    @property
    def session(self) -> Session:
        """The ORM's session in the unit's transaction (`Unit` makes it when first asked)."""
        raise NotImplementedError

    _read: dict[tuple[str, int], Any]

    def played_on(self, team_id: int, map_id: int | None) -> MissionMap:
        """The map a team's game was played on (the team's own for games from before maps
        were kept with them)."""
        if map_id is None:
            map_id = self.session.get_one(TeamRow, team_id).map_id
        return load_map(self.session, map_id)

    def completions(self, team_id: int) -> dict[str, int | None]:
        """Each mission the team has completed, with the attempt that completed it (None:
        told by a backup)."""
        return dict(
            self.session.exec(
                select(CompletionRow.mission_id, CompletionRow.attempt_id).where(
                    CompletionRow.team_id == team_id
                )
            ).all()
        )

    def add_attempt(self, columns: Mapping[str, Any]) -> int:
        """A finished game's attempt; its number."""
        row = AttemptRow(**columns)
        self.session.add(row)
        self.session.flush()
        assert row.id is not None
        return row.id

    def add_completions(
        self, team_id: int, missions: Iterable[str], attempt_id: int, at: datetime
    ) -> None:
        """Missions an attempt completed; one another unit completed a moment before (two
        games of the team won it at once) stays that one's (each database's own "do
        nothing on conflict": both units read it as not completed)."""
        completed = sorted(missions)
        dialect = self.session.get_bind().dialect.name
        if dialect in ("sqlite", "postgresql") and completed:
            insert = sqlite_insert if dialect == "sqlite" else pg_insert
            kept = {"team_id": team_id, "completed_at": at, "attempt_id": attempt_id}
            rows = [kept | {"mission_id": mission} for mission in completed]
            self.session.execute(insert(CompletionRow).values(rows).on_conflict_do_nothing())
        else:  # another database: as before, the second of two such wins is refused whole
            for mission_id in completed:
                self.session.add(
                    CompletionRow(
                        team_id=team_id,
                        mission_id=mission_id,
                        completed_at=at,
                        attempt_id=attempt_id,
                    )
                )
        self.session.flush()

    def attempt(self, attempt_id: int) -> Attempt:
        """An attempt as the history shows it."""
        row = self.session.get(AttemptRow, attempt_id)
        if row is None:
            raise NotFoundError("no attempt number {attempt_id}", attempt_id=attempt_id)
        return attempt_record(row)

    def attempt_notes(self, attempt_id: int) -> tuple[int | None, str]:
        """An attempt's team and notes."""
        row = self.session.get(AttemptRow, attempt_id)
        if row is None:
            raise NotFoundError("no attempt number {attempt_id}", attempt_id=attempt_id)
        return row.team_id, row.notes

    def played_since(self, team_id: int, attempt_id: int, game_id: int) -> bool:
        """Whether the team has played on since this attempt (a later attempt or game)."""
        later_attempt = self.session.exec(
            select(AttemptRow.id).where(
                AttemptRow.team_id == team_id, col(AttemptRow.id) > attempt_id
            )
        ).first()
        later_game = self.session.exec(
            select(GameRow.id).where(GameRow.team_id == team_id, col(GameRow.id) > game_id)
        ).first()
        return later_attempt is not None or later_game is not None

    def remove_attempt(
        self, game_id: int, attempt_id: int | None, team_id: int | None, missions: Iterable[str]
    ) -> None:
        """A game's end taken back: its attempt (None: kept) and these completions go."""
        undone = sorted(missions)
        if undone and team_id is not None:
            self.session.execute(
                delete(CompletionRow).where(
                    col(CompletionRow.team_id) == team_id, col(CompletionRow.mission_id).in_(undone)
                )
            )
        self.session.execute(
            update(GameRow).where(col(GameRow.id) == game_id).values(attempt_id=None)
        )
        self._read.pop(("game", game_id), None)
        if attempt_id is not None:
            self.session.execute(delete(AttemptRow).where(col(AttemptRow.id) == attempt_id))
