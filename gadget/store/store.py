"""The database: teams, maps, campaigns, attempts and games in progress, saved at every action."""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs
from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, case, event, func, or_, update
from sqlalchemy import select as sql_select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlmodel import Session, col, create_engine, select

from gadget.engine import Action, GameLog, GameState, parse_game_log, replay
from gadget.engine.rules import apply, official_score
from gadget.missions import MissionMap, default_map, parse_map
from gadget.store.errors import NotFoundError, StaleGameError, StoreError, TeamExistsError
from gadget.store.names import clean_name, clean_notes, clean_players, name_key, sort_key
from gadget.store.phones import PhoneRecords
from gadget.store.tables import (
    AttemptRow,
    CompletionRow,
    GameRow,
    MapRow,
    SeatRow,
    SettingRow,
    TeamMemberRow,
    TeamRow,
)

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def utc_now() -> datetime:
    """The time now, in UTC: every timestamp is stored with its zone."""
    return datetime.now(UTC)


def default_database_url() -> str:
    """GADGET_DATABASE_URL, else SQLite in Flet's data folder or the platform's user data folder."""
    url = os.environ.get("GADGET_DATABASE_URL")
    if url:
        return url
    folder = Path(
        os.environ.get("FLET_APP_STORAGE_DATA")
        or platformdirs.user_data_dir("gadget", appauthor=False)
    )
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'gadget.db'}"


@dataclass(frozen=True, slots=True)
class Team:
    """A team as the rest of the app sees it."""

    id: int
    name: str
    players: tuple[str, ...]
    notes: str
    map_id: int
    invite: str


@dataclass(frozen=True, slots=True)
class Attempt:
    """One finished game in the history."""

    id: int
    team_id: int | None
    mission_id: str | None
    map_id: int | None
    played_at: datetime
    players: tuple[str, ...]
    won: bool
    reason: str | None
    score: int | None
    tokens_used: int
    mistakes: int
    sudden_death: bool
    notes: str
    log: GameLog


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A game in progress (or just finished) with the version the next action must name."""

    id: int
    public_id: str
    team_id: int | None
    mission_id: str | None
    map_id: int | None
    players: tuple[str, ...]
    log: GameLog
    state: GameState
    version: int
    attempt_id: int | None


@dataclass(frozen=True, slots=True)
class ImportedAttempt:
    """An attempt read from a backup: its result is worked out again from its log."""

    mission_id: str | None
    played_at: datetime
    players: tuple[str, ...]
    notes: str
    log: GameLog
    mission_map: MissionMap | None = None  # the map it was played on, when not the team's


@dataclass(frozen=True, slots=True)
class MissionStats:
    """A team's record on one mission (or on games outside the campaign when mission is None)."""

    mission_id: str | None
    attempts: int
    wins: int
    best_score: int | None
    average_score: float | None
    last_played: datetime | None


def _players(text: str) -> tuple[str, ...]:
    return tuple(json.loads(text))


def _team(row: TeamRow) -> Team:
    assert row.id is not None
    return Team(row.id, row.name, _players(row.players), row.notes, row.map_id, row.invite)


def _attempt(row: AttemptRow) -> Attempt:
    assert row.id is not None
    return Attempt(
        id=row.id,
        team_id=row.team_id,
        mission_id=row.mission_id,
        map_id=row.map_id,
        played_at=row.played_at,
        players=_players(row.players),
        won=row.won,
        reason=row.reason,
        score=row.score,
        tokens_used=row.tokens_used,
        mistakes=row.mistakes,
        sudden_death=row.sudden_death,
        notes=row.notes,
        log=parse_game_log(row.log),
    )


def _saved(row: GameRow) -> SavedGame:
    assert row.id is not None
    log = parse_game_log(row.log)
    return SavedGame(
        id=row.id,
        public_id=row.public_id,
        team_id=row.team_id,
        mission_id=row.mission_id,
        map_id=row.map_id,
        players=_players(row.players),
        log=log,
        state=replay(log),
        version=row.version,
        attempt_id=row.attempt_id,
    )


def _configure_sqlite(engine: Engine) -> None:
    """WAL with synchronous=NORMAL: a killed process loses nothing committed, and commits are
    quick; foreign keys on; a second connection waits for a lock instead of failing."""

    @event.listens_for(engine, "connect")
    def _on_connect(connection: Any, _: Any) -> None:
        cursor = connection.cursor()
        for pragma in (
            "journal_mode=WAL",
            "synchronous=NORMAL",
            "foreign_keys=ON",
            "busy_timeout=10000",
        ):
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()


def migrate(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to a revision with Alembic (the store does this whenever it opens)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    sqlite = engine.dialect.name == "sqlite"
    with engine.connect() as connection:
        if sqlite:
            # SQLite alters a table by copying it: with foreign keys on, dropping the old copy
            # of a referenced table fails. Off for the migration, checked before it commits.
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()
        try:
            with connection.begin():
                config.attributes["connection"] = connection
                command.upgrade(config, revision)
                if sqlite and connection.exec_driver_sql("PRAGMA foreign_key_check").first():
                    raise StoreError("the migration left a row pointing at nothing; undone")
        finally:
            if sqlite:
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                connection.commit()


class Store(PhoneRecords):
    """All reads and writes, each in its own transaction."""

    def __init__(self, url: str | None = None, now: Callable[[], datetime] = utc_now) -> None:
        self.url = url or default_database_url()
        try:
            self.engine = create_engine(self.url)
            if self.engine.dialect.name == "sqlite":
                _configure_sqlite(self.engine)
            migrate(self.engine)
        except (SQLAlchemyError, ImportError) as failed:
            shown = (
                make_url(self.url).render_as_string(hide_password=True)
                if "://" in self.url
                else self.url
            )
            reason = str(getattr(failed, "orig", None) or failed).splitlines()[0]
            raise StoreError(f"cannot open the database {shown}: {reason}") from None
        self.now = now

    def close(self) -> None:
        """Release the connections."""
        self.engine.dispose()

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            yield session

    # --- Maps -----------------------------------------------------------------------------

    def add_map(self, mission_map: MissionMap, team_id: int | None = None) -> int:
        """Keep a map (a team's own when `team_id` is given); returns its number."""
        with self._transaction() as session:
            return self._add_map(session, mission_map, team_id)

    def _add_map(
        self, session: Session, mission_map: MissionMap, team_id: int | None = None
    ) -> int:
        row = MapRow(
            name=mission_map.name,
            data=mission_map.to_json(),
            team_id=team_id,
            created_at=self.now(),
        )
        session.add(row)
        session.flush()
        assert row.id is not None
        return row.id

    def default_map_id(self) -> int:
        """The shipped map's number, adding it the first time it is needed."""
        shipped = default_map()
        with self._transaction() as session:
            stored = session.exec(select(MapRow).where(MapRow.name == shipped.name)).first()
            if stored is not None and stored.id is not None and parse_map(stored.data) == shipped:
                return stored.id
            return self._add_map(session, shipped)

    def maps(self) -> list[tuple[int, str]]:
        """Every stored map's number and name, oldest first."""
        with self._transaction() as session:
            rows = session.exec(select(MapRow).order_by(col(MapRow.id))).all()
            return [(row.id, row.name) for row in rows if row.id is not None]

    def maps_of_team(self, team: Team) -> list[tuple[int, str]]:
        """The maps a team may pick: the shipped one and those it has played on (never
        another team's own map, whose name and cities are that team's business)."""
        shipped = self.default_map_id()
        with self._transaction() as session:
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
                raise NotFoundError(f"no map number {map_id}")
            return parse_map(row.data)

    # --- Teams ----------------------------------------------------------------------------

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
        map_id = map_id if map_id is not None else self.default_map_id()
        with self._transaction() as session:
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
                self._join_team(session, row.id, phone)
            return _team(row)

    @staticmethod
    def _refuse_taken_name(session: Session, name: str, team_id: int | None = None) -> None:
        other = session.exec(select(TeamRow).where(TeamRow.name_key == name_key(name))).first()
        if other is not None and other.id != team_id:
            raise TeamExistsError(f"a team named {other.name!r} already exists")

    @staticmethod
    def _flush_team(session: Session, name: str) -> None:
        """Write the row; a name taken in the same instant by another writer is still named."""
        try:
            session.flush()
        except IntegrityError:
            raise TeamExistsError(f"a team named {name!r} already exists") from None

    def teams(self, phone: str | None = None) -> list[Team]:
        """Every team by name, or only this phone's teams (the command line sees all)."""
        with self._transaction() as session:
            query = select(TeamRow)
            if phone is not None:
                query = query.join(
                    TeamMemberRow, col(TeamMemberRow.team_id) == col(TeamRow.id)
                ).where(TeamMemberRow.phone == phone)
            teams = [_team(row) for row in session.exec(query).all()]
            return sorted(teams, key=lambda team: (sort_key(team.name), team.id))

    def team(self, name: str) -> Team:
        """A team by its name, in any case of any alphabet."""
        with self._transaction() as session:
            row = session.exec(
                select(TeamRow).where(TeamRow.name_key == name_key(" ".join(name.split())))
            ).first()
            if row is None:
                raise NotFoundError(f"no team named {name!r}")
            return _team(row)

    def team_by_id(self, team_id: int) -> Team:
        """A team by its number (what the app's addresses carry)."""
        with self._transaction() as session:
            row = session.get(TeamRow, team_id)
            if row is None:
                raise NotFoundError(f"no team number {team_id}")
            return _team(row)

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
                raise NotFoundError(f"no team number {team_id}")
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
                    raise NotFoundError(f"no map number {map_id}")
                row.map_id = map_id
            session.add(row)
            self._flush_team(session, row.name)
            return _team(row)

    def import_team(
        self,
        *,
        name: str,
        players: Sequence[str],
        notes: str,
        mission_map: MissionMap,
        completed: Mapping[str, datetime],
        attempts: Sequence[ImportedAttempt],
        phone: str | None = None,
    ) -> Team:
        """A whole team from a backup in one transaction: all of it, or nothing."""
        name = clean_name(name)
        with self._transaction() as session:
            self._refuse_taken_name(session, name)
            map_ids: dict[MissionMap, int] = {mission_map: self._add_map(session, mission_map)}
            row = TeamRow(
                name=name,
                name_key=name_key(name),
                invite=secrets.token_urlsafe(16),
                players=json.dumps(list(clean_players(list(players)))),
                notes=clean_notes(notes),
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
                played_on = attempt.mission_map or mission_map
                if played_on not in map_ids:
                    map_ids[played_on] = self._add_map(session, played_on, row.id)
                self._finish(
                    session,
                    team_id=row.id,
                    mission_id=attempt.mission_id,
                    map_id=map_ids[played_on] if attempt.mission_id else None,
                    players=attempt.players,
                    log=attempt.log,
                    state=replay(attempt.log),
                    played_at=attempt.played_at,
                    notes=clean_notes(attempt.notes),
                    # A win on another map completes nothing on this one.
                    complete=played_on == mission_map,
                )
            if phone is not None:
                self._join_team(session, row.id, phone)
            return _team(row)

    def completions(self, team_id: int) -> dict[str, datetime]:
        """When each completed mission was first won."""
        with self._transaction() as session:
            rows = session.exec(select(CompletionRow).where(CompletionRow.team_id == team_id))
            return {row.mission_id: row.completed_at for row in rows}

    def completed(self, team_id: int) -> frozenset[str]:
        """The missions this team has won."""
        with self._transaction() as session:
            rows = session.exec(
                select(CompletionRow.mission_id).where(CompletionRow.team_id == team_id)
            ).all()
            return frozenset(rows)

    # --- Games in progress ----------------------------------------------------------------

    def start_game(
        self,
        log: GameLog,
        team_id: int | None = None,
        mission_id: str | None = None,
        players: Sequence[str] = (),
        *,
        map_id: int | None = None,
        phone: str | None = None,
    ) -> SavedGame:
        """Save a new game before its first action; the phone that dealt it holds side A."""
        replay(log)
        with self._transaction() as session:
            now = self.now()
            row = GameRow(
                public_id=secrets.token_urlsafe(16),
                code=log.code.text if log.code else None,
                team_id=team_id,
                mission_id=mission_id,
                map_id=map_id,
                players=json.dumps(list(players)),
                log=log.to_json(),
                version=len(log.actions),
                created_at=now,
                updated_at=now,
            )
            session.add(row)
            session.flush()
            assert row.id is not None
            if phone is not None:
                session.add(SeatRow(game_id=row.id, side="a", phone=phone, taken_at=now))
            return _saved(row)

    def game(self, game_id: int) -> SavedGame:
        """A saved game as it stands now: what a phone that reconnects catches up with."""
        with self._transaction() as session:
            row = session.get(GameRow, game_id)
            if row is None:
                raise NotFoundError(f"no game number {game_id}")
            return _saved(row)

    def game_by_public_id(self, public_id: str) -> SavedGame | None:
        """The game an address names, or None."""
        with self._transaction() as session:
            row = session.exec(select(GameRow).where(GameRow.public_id == public_id)).first()
            return _saved(row) if row is not None else None

    def game_by_code(self, code: str) -> SavedGame | None:
        """The newest game dealt from this share code, finished or not."""
        with self._transaction() as session:
            row = session.exec(
                select(GameRow).where(GameRow.code == code).order_by(col(GameRow.id).desc())
            ).first()
            return _saved(row) if row is not None else None

    def games_in_progress(self, newest: int | None = None) -> list[SavedGame]:
        """Games not finished yet, oldest first (only the `newest` few when given): a
        restarted server resumes every one of them."""
        with self._transaction() as session:
            query = select(GameRow).where(col(GameRow.attempt_id).is_(None))
            if newest is not None:
                query = query.order_by(col(GameRow.id).desc()).limit(newest)
                rows = list(reversed(session.exec(query).all()))
            else:
                rows = list(session.exec(query.order_by(col(GameRow.id))).all())
            return [_saved(row) for row in rows]

    def count_games_in_progress(self) -> int:
        """How many games are not finished, without reading them."""
        with self._transaction() as session:
            counted = session.exec(
                select(func.count()).select_from(GameRow).where(col(GameRow.attempt_id).is_(None))
            ).one()
            return int(counted)

    def record_action(self, game_id: int, action: Action, expected_version: int) -> SavedGame:
        """Apply an action and save it in one transaction; at the end, record the attempt too.

        `expected_version` is the version the phone saw: if the other phone acted first, this
        one is refused (StaleGameError) and nothing is applied twice.
        """
        return self._save(game_id, expected_version, action)

    def undo(self, game_id: int, expected_version: int) -> SavedGame:
        """Take back the last action of a game still being played."""
        return self._save(game_id, expected_version, None)

    def _save(self, game_id: int, expected_version: int, action: Action | None) -> SavedGame:
        """One more action (or, with None, one fewer) under the version check."""
        with self._transaction() as session:
            row = session.get(GameRow, game_id)
            if row is None:
                raise NotFoundError(f"no game number {game_id}")
            if row.version != expected_version:
                raise StaleGameError(_stale_message(row.version, expected_version))
            log = parse_game_log(row.log)
            if action is not None:
                state = apply(replay(log), action)
                log = log.then(action)
            else:
                if row.attempt_id is not None:
                    raise StoreError("the game is over and saved in the history; no undo")
                if not log.actions:
                    raise StoreError("nothing to undo: no action has been recorded yet")
                log = log.without_last()
                state = replay(log)
            now = self.now()
            attempt_id = None
            if state.is_over:
                players = _players(row.players)
                attempt_id = self._finish(
                    session,
                    team_id=row.team_id,
                    mission_id=row.mission_id,
                    map_id=row.map_id,
                    players=players,
                    log=log,
                    state=state,
                    played_at=now,
                )
            changed = session.execute(
                update(GameRow)
                .where(col(GameRow.id) == game_id, col(GameRow.version) == expected_version)
                .values(
                    log=log.to_json(),
                    version=expected_version + 1,
                    updated_at=now,
                    attempt_id=attempt_id,
                )
                .execution_options(synchronize_session=False)
            )
            if changed.rowcount != 1:  # type: ignore[attr-defined]
                raise StaleGameError(_stale_message(expected_version + 1, expected_version))
            return SavedGame(
                id=game_id,
                public_id=row.public_id,
                team_id=row.team_id,
                mission_id=row.mission_id,
                map_id=row.map_id,
                players=_players(row.players),
                log=log,
                state=state,
                version=expected_version + 1,
                attempt_id=attempt_id,
            )

    # --- History and campaign -------------------------------------------------------------

    def _finish(
        self,
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
        """The attempt, and a completion for a won mission, in the caller's transaction."""
        row = AttemptRow(
            team_id=team_id,
            mission_id=mission_id,
            map_id=map_id,
            played_at=played_at,
            players=json.dumps(list(players)),
            won=state.status.value == "won",
            reason=state.reason.value if state.reason else None,
            score=official_score(state),
            tokens_used=state.setup.tokens - state.bank.total,
            mistakes=state.mistakes,
            sudden_death=state.sudden_death,
            notes=notes,
            log=log.to_json(),
        )
        session.add(row)
        if complete and team_id is not None and mission_id is not None and row.won:
            done = session.exec(
                select(CompletionRow).where(
                    CompletionRow.team_id == team_id, CompletionRow.mission_id == mission_id
                )
            ).first()
            if done is None:
                session.add(
                    CompletionRow(team_id=team_id, mission_id=mission_id, completed_at=played_at)
                )
        session.flush()
        assert row.id is not None
        return row.id

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
        state = replay(log)
        if not state.is_over:
            raise StoreError("the game is not finished: only a won or lost game can be recorded")
        with self._transaction() as session:
            attempt_id = self._finish(
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
            return _attempt(row)

    def attempts(self, team_id: int | None) -> list[Attempt]:
        """A team's history, oldest first (games outside any team with None)."""
        with self._transaction() as session:
            rows = session.exec(
                select(AttemptRow)
                .where(AttemptRow.team_id == team_id)
                .order_by(col(AttemptRow.played_at), col(AttemptRow.id))
            ).all()
            return [_attempt(row) for row in rows]

    def set_attempt_notes(self, attempt_id: int, notes: str) -> None:
        """Keep a note on one attempt."""
        with self._transaction() as session:
            row = session.get(AttemptRow, attempt_id)
            if row is None:
                raise NotFoundError(f"no attempt number {attempt_id}")
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

    # --- Settings -------------------------------------------------------------------------

    def setting(self, key: str, default: str = "") -> str:
        """One setting's value."""
        with self._transaction() as session:
            row = session.get(SettingRow, key)
            return row.value if row is not None else default

    def set_setting(self, key: str, value: str) -> None:
        """Keep one setting."""
        with self._transaction() as session:
            row = session.get(SettingRow, key) or SettingRow(key=key, value=value)
            row.value = value
            session.add(row)


def _stale_message(current: int, seen: int) -> str:
    return (
        f"the other phone acted first (the game is at move {current}, this phone saw move"
        f" {seen}); your action was not taken: look at the table again"
    )
