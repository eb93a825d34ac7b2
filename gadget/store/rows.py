"""The database tables (SQLModel); the migrations in migrations/versions build exactly these."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, Column, Index, Integer, Text, UniqueConstraint, false
from sqlmodel import Field, SQLModel


class MapRow(SQLModel, table=True):
    """A mission map a team can play on, stored in its mission-map/1 file format."""

    __tablename__ = "maps"
    id: int | None = Field(default=None, primary_key=True)
    name: str
    # The team that brought this map in (None: the shipped map, or one several teams use):
    # only that team is offered it. No foreign key: teams.map_id points here already, and
    # two tables pointing at each other cannot be created or dropped in any order.
    team_id: int | None = None
    data: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime


class TeamRow(SQLModel, table=True):
    """A team: its players, its notes and the map its campaign is on."""

    __tablename__ = "teams"
    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True)
    # Names are found under Unicode case folding (names.name_key), so "Équipe" and "ÉQUIPE"
    # are one name on every database (SQLite's lower() folds only ASCII).
    name_key: str = Field(unique=True)
    # The secret in the team's invite link: a phone that opens it joins the team.
    invite: str = Field(unique=True)
    players: str = Field(sa_column=Column(Text, nullable=False))  # a JSON list of names
    notes: str = Field(default="", sa_column=Column(Text, nullable=False, server_default=""))
    map_id: int = Field(foreign_key="maps.id")
    created_at: datetime


class TeamMemberRow(SQLModel, table=True):
    """A phone that may see and play for a team: the one that made it, or joined by invite."""

    __tablename__ = "team_members"
    __table_args__ = (UniqueConstraint("team_id", "phone"),)
    id: int | None = Field(default=None, primary_key=True)
    team_id: int = Field(foreign_key="teams.id")
    phone: str = Field(index=True)  # the SHA-256 of the phone's identity, never the identity
    joined_at: datetime


class CompletionRow(SQLModel, table=True):
    """A mission a team has won: completion is for good."""

    __tablename__ = "completions"
    __table_args__ = (UniqueConstraint("team_id", "mission_id"),)
    id: int | None = Field(default=None, primary_key=True)
    team_id: int = Field(foreign_key="teams.id")
    mission_id: str
    completed_at: datetime
    # The won attempt that completed it: undoing that game's end takes the completion back.
    attempt_id: int | None = Field(default=None, foreign_key="attempts.id")


class AttemptRow(SQLModel, table=True):
    """One finished game in a team's (or the table's) history, with its whole log."""

    __tablename__ = "attempts"
    __table_args__ = (Index("ix_attempts_team_mission", "team_id", "mission_id"),)
    id: int | None = Field(default=None, primary_key=True)
    team_id: int | None = Field(default=None, foreign_key="teams.id")
    mission_id: str | None = None
    # The map the mission was played on: a team that changes maps keeps its history readable.
    map_id: int | None = Field(default=None, foreign_key="maps.id")
    played_at: datetime
    players: str = Field(sa_column=Column(Text, nullable=False))  # a JSON list of names
    won: bool
    reason: str | None = None
    score: int | None = None
    tokens_used: int
    mistakes: int | None = None  # None: a told result, which does not say
    sudden_death: bool
    notes: str = Field(default="", sa_column=Column(Text, nullable=False, server_default=""))
    # The whole log of a game the table saw; a game played elsewhere (a phone alone, the
    # static site) has none, only its told result (JSON: tokens_left, stops, sudden_death).
    log: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    told: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    # The phones of each side at the end, by the names their players gave ("" for none):
    # JSON {"a": [...], "b": [...]}; None for a game that kept no phones (told, or older).
    sides: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    # Played with the app as the partner: it held side B (docs/partner.md).
    with_the_app: bool = Field(
        default=False, sa_column=Column(Boolean, nullable=False, server_default=false())
    )


class GameRow(SQLModel, table=True):
    """A game being played: its log, saved at every action, and a version for two phones."""

    __tablename__ = "games"
    id: int | None = Field(default=None, primary_key=True)
    # What addresses name: random, so that no game can be found by counting.
    public_id: str = Field(unique=True)
    code: str | None = Field(default=None, index=True)  # the share code it was dealt with
    # Side B's colours: what a share code names, whatever bank it was edited to carry.
    side_b: str | None = Field(default=None, index=True)
    team_id: int | None = Field(default=None, foreign_key="teams.id")
    mission_id: str | None = None
    map_id: int | None = Field(default=None, foreign_key="maps.id")
    players: str = Field(default="[]", sa_column=Column(Text, nullable=False, server_default="[]"))
    log: str = Field(sa_column=Column(Text, nullable=False))
    version: int = 0
    created_at: datetime
    updated_at: datetime
    attempt_id: int | None = Field(default=None, foreign_key="attempts.id")
    # The changes of its timer made apart from a move (settings, pause): a move's save names
    # the count it read, as a change does with the version (`store/unit.py`).
    timer_revision: int = Field(
        default=0, sa_column=Column(Integer, nullable=False, server_default="0")
    )


class SeatRow(SQLModel, table=True):
    """One holder of one side of a game: a phone (one a side today, several to come) or the
    app itself as a partner; a holder holds one side of a game at most."""

    __tablename__ = "seat_holders"
    __table_args__ = (
        UniqueConstraint("game_id", "side", "slot"),
        UniqueConstraint("game_id", "phone"),
    )
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id")
    side: str  # "a" or "b"
    slot: int = 0  # its place among the side's holders: two racing for one place, one gets it
    kind: str = "phone"  # "phone", or "app": the app itself holds the side
    phone: str = Field(index=True)  # the SHA-256 of the phone's identity; "app" for the app
    taken_at: datetime


class PhoneNameRow(SQLModel, table=True):
    """The name a phone's player gave it: every side it holds shows it to the side's other
    phones, and a game's attempt keeps it."""

    __tablename__ = "phone_names"
    phone: str = Field(primary_key=True)  # the SHA-256 of the phone's identity
    name: str
    named_at: datetime


class SideInviteRow(SQLModel, table=True):
    """A link that adds phones to one side of a game, made by a phone of that side: only the
    SHA-256 of its secret is kept, with the phones it may still add."""

    __tablename__ = "side_invites"
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    side: str  # "a" or "b": the side of the phone that made it, and no other
    secret_hash: str = Field(unique=True)
    uses_left: int
    made_by: str  # the phone that made it
    made_at: datetime


class SideChoiceRow(SQLModel, table=True):
    """Played apart, the word a side's phones have chosen to touch, waiting for one of them
    to confirm it: every phone of the side shows it; it holds only while the game is at the
    version it was chosen at (any move ends it)."""

    __tablename__ = "side_choices"
    game_id: int = Field(foreign_key="games.id", primary_key=True)
    side: str = Field(primary_key=True)  # "a" or "b"
    cell: int
    version: int  # the game's version when it was chosen


class SeatRequestRow(SQLModel, table=True):
    """A phone asking to take over a side; kept with its answer, so nothing is forgotten."""

    __tablename__ = "seat_requests"
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    side: str
    phone: str
    asked_at: datetime
    answer: str | None = None  # None while waiting, then "allowed" or "refused"
    answered_by: str | None = None
    answered_at: datetime | None = None


class TimerRow(SQLModel, table=True):
    """A game's turn timer as it runs, kept where every server process reads it: a restart
    or another process times the same stretch from the same moment."""

    __tablename__ = "game_timers"
    game_id: int = Field(foreign_key="games.id", primary_key=True)
    enabled: bool = False
    clue_seconds: int = 120
    guess_seconds: int = 120
    stretch: str | None = None  # "clue", "guess", or None when nothing is timed
    turn: int = 0
    started_at: float = 0.0  # seconds since the epoch, the server's clock
    paused_left: float | None = None


class SettingRow(SQLModel, table=True):
    """One app setting, by name."""

    __tablename__ = "settings"
    key: str = Field(primary_key=True)
    value: str = Field(sa_column=Column(Text, nullable=False))


class ClassicGameRow(SQLModel, table=True):
    """A classic or Pictures card at the server, found by its code alone (the code is the
    card): its count and team timer as one document, saved at every step under a version."""

    __tablename__ = "classic_tables"
    id: int | None = Field(default=None, primary_key=True)
    code: str = Field(unique=True)  # the card's code as the engine writes it: 3ABCD-EFGH7
    document: str = Field(sa_column=Column(Text, nullable=False))  # engine/classic_game
    version: int = 0
    created_at: datetime
    updated_at: datetime


class ClassicPhoneRow(SQLModel, table=True):
    """A phone that opened a classic card by its code: only such a phone reads or moves it."""

    __tablename__ = "classic_phones"
    __table_args__ = (UniqueConstraint("table_id", "phone"),)
    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="classic_tables.id", index=True)
    phone: str = Field(index=True)  # the SHA-256 of the phone's identity
    opened_at: datetime


class TeamWordListRow(SQLModel, table=True):
    """A list of words a team keeps to deal its games from: names are one a team, found
    under Unicode case folding as team names are."""

    __tablename__ = "team_word_lists"
    __table_args__ = (UniqueConstraint("team_id", "name_key"),)
    id: int | None = Field(default=None, primary_key=True)
    team_id: int = Field(foreign_key="teams.id", index=True)
    name: str
    name_key: str
    words: str = Field(sa_column=Column(Text, nullable=False))  # one a line, as read_word_list
    created_at: datetime
