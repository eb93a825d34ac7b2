"""The database tables (SQLModel); the migrations in migrations/versions build exactly these."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, Index, Text, UniqueConstraint, func, text
from sqlmodel import Field, SQLModel


class MapRow(SQLModel, table=True):
    """A mission map a team can play on, stored in its mission-map/1 file format."""

    __tablename__ = "maps"
    id: int | None = Field(default=None, primary_key=True)
    name: str
    data: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime


class TeamRow(SQLModel, table=True):
    """A team: its players, its notes and the map its campaign is on."""

    __tablename__ = "teams"
    # Names are found in any case, so "Owls" and "owls" must not both exist.
    __table_args__ = (Index("ix_teams_name_lower", func.lower(text("name")), unique=True),)
    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True)
    players: str = Field(sa_column=Column(Text, nullable=False))  # a JSON list of names
    notes: str = Field(default="", sa_column=Column(Text, nullable=False, server_default=""))
    map_id: int = Field(foreign_key="maps.id")
    created_at: datetime


class CompletionRow(SQLModel, table=True):
    """A mission a team has won: completion is for good."""

    __tablename__ = "completions"
    __table_args__ = (UniqueConstraint("team_id", "mission_id"),)
    id: int | None = Field(default=None, primary_key=True)
    team_id: int = Field(foreign_key="teams.id")
    mission_id: str
    completed_at: datetime


class AttemptRow(SQLModel, table=True):
    """One finished game in a team's (or the table's) history, with its whole log."""

    __tablename__ = "attempts"
    __table_args__ = (Index("ix_attempts_team_mission", "team_id", "mission_id"),)
    id: int | None = Field(default=None, primary_key=True)
    team_id: int | None = Field(default=None, foreign_key="teams.id")
    mission_id: str | None = None
    played_at: datetime
    players: str = Field(sa_column=Column(Text, nullable=False))  # a JSON list of names
    won: bool
    reason: str | None = None
    score: int | None = None
    tokens_used: int
    mistakes: int
    sudden_death: bool
    notes: str = Field(default="", sa_column=Column(Text, nullable=False, server_default=""))
    log: str = Field(sa_column=Column(Text, nullable=False))


class GameRow(SQLModel, table=True):
    """A game being played: its log, saved at every action, and a version for two phones."""

    __tablename__ = "games"
    id: int | None = Field(default=None, primary_key=True)
    code: str | None = Field(default=None, index=True)  # the share code that joins it
    team_id: int | None = Field(default=None, foreign_key="teams.id")
    mission_id: str | None = None
    players: str = Field(default="[]", sa_column=Column(Text, nullable=False, server_default="[]"))
    log: str = Field(sa_column=Column(Text, nullable=False))
    version: int = 0
    created_at: datetime
    updated_at: datetime
    attempt_id: int | None = Field(default=None, foreign_key="attempts.id")


class SettingRow(SQLModel, table=True):
    """One app setting, by name."""

    __tablename__ = "settings"
    key: str = Field(primary_key=True)
    value: str = Field(sa_column=Column(Text, nullable=False))
