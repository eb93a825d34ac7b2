"""Teams: names, players, notes, their map, backups brought back, completions."""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import insert
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from gadget.missions.map import MissionMap
from gadget.missions.names import clean_name, clean_notes, clean_players, name_key, sort_key
from gadget.store.errors import NotFoundError, TeamExistsError
from gadget.store.maps import add_map_row, shipped_map_id
from gadget.store.phones import join_team_row
from gadget.store.records import (
    PlannedAttempt,
    Team,
    team_record,
)
from gadget.store.repository import Repository
from gadget.store.rows import (
    AttemptRow,
    CompletionRow,
    GameRow,
    MapRow,
    SeatRow,
    TeamMemberRow,
    TeamRow,
)
from gadget.store.word_lists import ImportedWordList, checked_imports, imported_rows


class TeamRecords(Repository):
    """Teams and what they have completed."""

    def add_team(
        self,
        name: str,
        players: Sequence[str],
        map_id: int | None = None,
        *,
        phone: str | None = None,
    ) -> Team:
        """A new team, on the shipped map unless another is given; the phone that made it is
        its first member."""
        name, players = clean_name(name), clean_players(list(players))
        with self._transaction() as session:
            if map_id is None:
                map_id = shipped_map_id(session, self.now())
            self._refuse_taken_name(session, name)
            row = TeamRow(
                name=name,
                name_key=name_key(name),
                invite=secrets.token_urlsafe(16),
                players=json.dumps(list(players)),
                map_id=map_id,
                created_at=self.now(),
            )
            session.add(row)
            self._flush_team(session, name)
            assert row.id is not None
            if phone is not None:
                join_team_row(session, row.id, phone, self.now())
            return team_record(row)

    @staticmethod
    def _refuse_taken_name(session: Session, name: str, team_id: int | None = None) -> None:
        other = session.exec(select(TeamRow).where(TeamRow.name_key == name_key(name))).first()
        if other is not None and other.id != team_id:
            raise _taken(name)

    @staticmethod
    def _flush_team(session: Session, name: str) -> None:
        """Write the row; a name taken in the same instant by another writer is still named."""
        try:
            session.flush()
        except IntegrityError:
            raise _taken(name) from None

    def teams(self, phone: str | None = None) -> list[Team]:
        """Every team by name, or only this phone's teams (the command line sees all)."""
        with self._transaction() as session:
            query = select(TeamRow)
            if phone is not None:
                query = query.join(
                    TeamMemberRow, col(TeamMemberRow.team_id) == col(TeamRow.id)
                ).where(TeamMemberRow.phone == phone)
            teams = [team_record(row) for row in session.exec(query).all()]
            return sorted(teams, key=lambda team: (sort_key(team.name), team.id))

    def team(self, name: str) -> Team:
        """A team by its name, in any case of any alphabet."""
        with self._transaction() as session:
            row = session.exec(
                select(TeamRow).where(TeamRow.name_key == name_key(" ".join(name.split())))
            ).first()
            if row is None:
                raise NotFoundError("no team named {name!r}", name=name)
            return team_record(row)

    def team_by_id(self, team_id: int) -> Team:
        """A team by its number (what the app's addresses carry)."""
        with self._transaction() as session:
            row = session.get(TeamRow, team_id)
            if row is None:
                raise NotFoundError("no team number {team_id}", team_id=team_id)
            return team_record(row)

    def update_team(
        self,
        team_id: int,
        *,
        name: str | None = None,
        players: Sequence[str] | None = None,
        notes: str | None = None,
        map_id: int | None = None,
    ) -> Team:
        """Rename a team, change its players, its notes or its map."""
        with self._transaction() as session:
            row = session.get(TeamRow, team_id)
            if row is None:
                raise NotFoundError("no team number {team_id}", team_id=team_id)
            if name is not None:
                name = clean_name(name)
                self._refuse_taken_name(session, name, team_id)
                row.name, row.name_key = name, name_key(name)
            if players is not None:
                row.players = json.dumps(list(clean_players(list(players))))
            if notes is not None:
                row.notes = clean_notes(notes)
            if map_id is not None:
                if session.get(MapRow, map_id) is None:
                    raise NotFoundError("no map number {map_id}", map_id=map_id)
                row.map_id = map_id
            session.add(row)
            self._flush_team(session, row.name)
            return team_record(row)

    def import_team(
        self,
        *,
        name: str,
        players: Sequence[str],
        notes: str,
        mission_map: MissionMap,
        completed: Mapping[str, datetime],
        attempts: Sequence[PlannedAttempt],
        phone: str | None = None,
        word_lists: Sequence[ImportedWordList] = (),
    ) -> Team:
        """A whole team from a backup in one transaction: all of it, or nothing (its word
        lists too).

        Every attempt comes replayed and judged (and what it completes worked out) by the
        services, and is written here all at once: SQLite lets one transaction write at a
        time, and a long import must not hold every table's next touch.
        """
        name = clean_name(name, kept=True)  # a backup's emoji, from before they were refused
        lists = checked_imports(word_lists)
        with self._transaction() as session:
            self._refuse_taken_name(session, name)
            map_ids: dict[MissionMap, int] = {
                mission_map: add_map_row(session, mission_map, None, self.now())
            }
            row = TeamRow(
                name=name,
                name_key=name_key(name),
                invite=secrets.token_urlsafe(16),
                players=json.dumps(list(clean_players(list(players), kept=True))),
                notes=clean_notes(notes, kept=True),
                map_id=map_ids[mission_map],
                created_at=self.now(),
            )
            session.add(row)
            self._flush_team(session, name)
            assert row.id is not None
            for map_id in map_ids.values():  # the backup's maps are this team's own
                session.get_one(MapRow, map_id).team_id = row.id
            for mission_id, completed_at in completed.items():
                session.add(
                    CompletionRow(team_id=row.id, mission_id=mission_id, completed_at=completed_at)
                )
            session.flush()
            for attempt in attempts:
                if attempt.played_on not in map_ids:
                    map_ids[attempt.played_on] = add_map_row(
                        session, attempt.played_on, row.id, self.now()
                    )
            ids = _insert_attempts(
                session,
                [
                    plan.columns
                    | {
                        "team_id": row.id,
                        "map_id": map_ids[plan.played_on] if plan.columns["mission_id"] else None,
                    }
                    for plan in attempts
                ],
            )
            earned = [
                {"team_id": row.id, "mission_id": mission, "attempt_id": attempt_id}
                | {"completed_at": plan.columns["played_at"]}
                for plan, attempt_id in zip(attempts, ids, strict=True)
                for mission in plan.completes
            ]
            if earned:
                session.execute(insert(CompletionRow), earned)
            session.add_all(imported_rows(row.id, lists))
            if phone is not None:
                join_team_row(session, row.id, phone, self.now())
            return team_record(row)

    def phones_of_attempt(self, attempt_id: int) -> frozenset[str]:
        """The phones whose attempt this is: its team's, or for a game outside any team, the
        phones that held its sides."""
        with self._transaction() as session:
            row = session.get(AttemptRow, attempt_id)
            if row is None:
                raise NotFoundError("no attempt number {attempt_id}", attempt_id=attempt_id)
            if row.team_id is not None:
                return frozenset(
                    session.exec(
                        select(TeamMemberRow.phone).where(TeamMemberRow.team_id == row.team_id)
                    ).all()
                )
            return frozenset(
                session.exec(
                    select(SeatRow.phone)
                    .join(GameRow, col(GameRow.id) == col(SeatRow.game_id))
                    .where(GameRow.attempt_id == attempt_id)
                ).all()
            )

    def completions(self, team_id: int) -> dict[str, datetime]:
        """When each completed mission was first won."""
        with self._transaction() as session:
            rows = session.exec(select(CompletionRow).where(CompletionRow.team_id == team_id))
            return {row.mission_id: row.completed_at for row in rows}

    def completed_by(self, attempt_id: int) -> frozenset[str]:
        """The missions this attempt completed: what its game's end opened on the map."""
        with self._transaction() as session:
            rows = session.exec(
                select(CompletionRow.mission_id).where(CompletionRow.attempt_id == attempt_id)
            ).all()
            return frozenset(rows)

    def completed(self, team_id: int) -> frozenset[str]:
        """The missions this team has won."""
        with self._transaction() as session:
            rows = session.exec(
                select(CompletionRow.mission_id).where(CompletionRow.team_id == team_id)
            ).all()
            return frozenset(rows)


def _insert_attempts(session: Session, rows: list[dict[str, Any]]) -> list[int]:
    """Write many attempts in one statement; their numbers, in the order given."""
    if not rows:
        return []
    written = session.execute(
        insert(AttemptRow).returning(col(AttemptRow.id), sort_by_parameter_order=True), rows
    )
    return [int(number) for number in written.scalars()]


def _taken(name: str) -> TeamExistsError:
    """Names are one per server (the command line finds a team by its name), so a name that
    another phone's team holds is refused: the refusal says the name as typed, never whose
    team holds it or how it is written there."""
    return TeamExistsError(
        "the name {name!r} is taken by a team on this server: choose another", name=name
    )
