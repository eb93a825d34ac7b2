"""Mission maps kept in the database: the shipped one, and each team's own."""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache

from sqlalchemy import or_
from sqlmodel import Session, col, select

from gadget.missions.map import MissionMap, default_map, parse_map
from gadget.store.errors import NotFoundError
from gadget.store.records import (
    Team,
)
from gadget.store.repository import Repository
from gadget.store.rows import (
    AttemptRow,
    GameRow,
    MapRow,
)


class MapRecords(Repository):
    """Maps: added, listed for a team, read back."""

    def add_map(self, mission_map: MissionMap, team_id: int | None = None) -> int:
        """Keep a map (a team's own when `team_id` is given); returns its number."""
        with self._transaction() as session:
            return add_map_row(session, mission_map, team_id, self.now())

    def default_map_id(self) -> int:
        """The shipped map's number, adding it the first time it is needed."""
        with self._transaction() as session:
            return shipped_map_id(session, self.now())

    def maps(self) -> list[tuple[int, str]]:
        """Every stored map's number and name, oldest first."""
        with self._transaction() as session:
            rows = session.exec(select(MapRow).order_by(col(MapRow.id))).all()
            return [(row.id, row.name) for row in rows if row.id is not None]

    def maps_of_team(self, team: Team) -> list[tuple[int, str]]:
        """The maps a team may pick: the shipped one and those it has played on (never
        another team's own map, whose name and cities are that team's business)."""
        with self._transaction() as session:
            shipped = shipped_map_id(session, self.now())
            played = set(
                session.exec(select(AttemptRow.map_id).where(AttemptRow.team_id == team.id)).all()
            ) | set(session.exec(select(GameRow.map_id).where(GameRow.team_id == team.id)).all())
            ids = {shipped, team.map_id} | {i for i in played if i is not None}
            rows = session.exec(
                select(MapRow)
                .where(or_(col(MapRow.id).in_(ids), col(MapRow.team_id) == team.id))
                .order_by(col(MapRow.id))
            ).all()
            return [(row.id, row.name) for row in rows if row.id is not None]

    def mission_map(self, map_id: int) -> MissionMap:
        """A stored map."""
        with self._transaction() as session:
            row = session.get(MapRow, map_id)
            if row is None:
                raise NotFoundError("no map number {map_id}", map_id=map_id)
            return stored_map(row.data)


@lru_cache(maxsize=32)
def stored_map(text: str) -> MissionMap:
    """A stored map's text, parsed once a process (a map is a frozen value, never changed
    once stored): the end of a mission game, each phone's screen of it and the team's
    screen each read one, and the shipped map's checks took 5 ms a time on the event loop."""
    return parse_map(text)


@lru_cache(maxsize=1)
def _shipped() -> MissionMap:
    """The shipped map, read from its file once a process (every team's screen asks)."""
    return default_map()


def add_map_row(
    session: Session, mission_map: MissionMap, team_id: int | None, now: datetime
) -> int:
    """Keep a map in the caller's transaction; returns its number."""
    row = MapRow(name=mission_map.name, data=mission_map.to_json(), team_id=team_id, created_at=now)
    session.add(row)
    session.flush()
    assert row.id is not None
    return row.id


def shipped_map_id(session: Session, now: datetime) -> int:
    """The shipped map's number, adding it the first time it is needed."""
    shipped = _shipped()
    stored = session.exec(select(MapRow).where(MapRow.name == shipped.name)).first()
    if stored is not None and stored.id is not None and stored_map(stored.data) == shipped:
        return stored.id
    return add_map_row(session, shipped, None, now)


def load_map(session: Session, map_id: int) -> MissionMap:
    """A stored map, read in the caller's transaction."""
    row = session.get(MapRow, map_id)
    if row is None:
        raise NotFoundError("no map number {map_id}", map_id=map_id)
    return stored_map(row.data)
