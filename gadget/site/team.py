"""A team's campaign kept on the phone itself, as a gadget-team/1 document: what the static
site stores, exports and imports (no database: the document is the record).

The document is the server's backup format, read, checked and written by its one owner,
`missions/team_document.py`. An attempt played with the site has no game log (the site
never sees the guesses): it carries the result the players told instead, scored from it as
the rule book does.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from gadget.missions import Mission, default_map
from gadget.missions.names import clean_name
from gadget.missions.result import Result
from gadget.missions.team_document import (
    TeamDocument,
    TeamDocumentError,
    read_document,
    with_told_result,
)

QR_LIMIT: Final = 2_000  # bytes of JSON a QR code carries and a phone camera still reads

PhoneTeam = TeamDocument  # the phone's team is its document, nothing more
__all__ = [
    "QR_LIMIT",
    "PhoneTeam",
    "Recorded",
    "TeamDocumentError",
    "new_team",
    "record_result",
    "rename",
    "team_from_json",
]


@dataclass(frozen=True, slots=True)
class Recorded:
    """The team after a result, with the cities the result opened."""

    team: PhoneTeam
    score: int | None
    opened: tuple[Mission, ...]


def new_team(name: str = "") -> PhoneTeam:
    """A new campaign on the shipped map: Prague open, nothing done."""
    return PhoneTeam(
        name=clean_name(name.strip() or "Team"),
        players=(),
        notes="",
        mission_map=default_map(),
        completed={},
        attempts=(),
    )


def record_result(team: PhoneTeam, mission_id: str, result: Result, at: str) -> Recorded:
    """The team after one attempt of an open (or completed) city: a win completes it and
    opens its neighbours; a locked city or an impossible result is refused."""
    after, done = with_told_result(team, mission_id, result, at)
    return Recorded(after, result.score, done.opened)


def rename(team: PhoneTeam, name: str) -> PhoneTeam:
    """The team with a new name (refused when empty or too long)."""
    return replace(team, name=clean_name(name))


def team_from_json(text: str) -> PhoneTeam:
    """A team document from a file, a QR code or the phone's storage, checked whole: a
    server's backup (attempts with their logs) or a phone's (attempts with results)."""
    return read_document(text)
