"""What Home reads in one go: a phone's unfinished games, each with what tells it apart."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlmodel import col, select

from gadget.engine.keycard import Player
from gadget.store.maps import stored_map
from gadget.store.records import APP_HOLDER, HeldRecord, game_record
from gadget.store.repository import Repository
from gadget.store.rows import GameRow, MapRow, SeatRow, TeamRow


class HomeRecords(Repository):
    """The one read behind Home's list of games."""

    def held_games(self, phone: str, newest: int = 5) -> list[HeldRecord]:
        """The newest unfinished games in which this phone holds a side, newest first, each
        with what tells it apart on Home, in four queries whatever their number."""
        with self._transaction() as session:
            now = self.now()
            held = session.exec(
                select(GameRow, SeatRow.side)
                .join(SeatRow, col(SeatRow.game_id) == col(GameRow.id))
                .where(SeatRow.phone == phone, col(GameRow.attempt_id).is_(None))
                .order_by(col(GameRow.id).desc())
                .limit(newest)
            ).all()
            ids = [row.id for row, _side in held]
            others = session.exec(
                select(SeatRow.game_id, SeatRow.phone).where(
                    col(SeatRow.game_id).in_(ids), SeatRow.phone != phone
                )
            ).all()
            partnered = {game_id for game_id, _holder in others}
            with_the_app = {game_id for game_id, holder in others if holder == APP_HOLDER}
            team_ids = {row.team_id for row, _side in held if row.team_id is not None}
            teams = dict(
                session.exec(
                    select(TeamRow.id, TeamRow.name).where(col(TeamRow.id).in_(team_ids))
                ).all()
            )
            map_ids = {row.map_id for row, _side in held if row.mission_id is not None}
            cities = {
                (map_id, mission.id): mission.name
                for map_id, data in session.exec(
                    select(MapRow.id, MapRow.data).where(col(MapRow.id).in_(map_ids))
                ).all()
                for mission in stored_map(data).missions  # parsed once a process
            }
            return [
                HeldRecord(
                    game=game_record(row),
                    side=Player(side),
                    partner_seated=row.id in partnered,
                    with_the_app=row.id in with_the_app,
                    team_name=teams.get(row.team_id) if row.team_id is not None else None,
                    mission_name=cities.get((row.map_id, row.mission_id), row.mission_id)
                    if row.mission_id is not None
                    else None,
                    idle=max(now - _utc(row.updated_at), timedelta(0)),
                )
                for row, side in held
            ]


def _utc(when: datetime) -> datetime:
    """A stored moment with its zone (SQLite gives back naive UTC)."""
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)
