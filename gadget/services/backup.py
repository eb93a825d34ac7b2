"""A team's backup: everything to carry a campaign to another phone or server, as the
gadget-team/1 document `missions/team_document.py` reads, checks and writes (the static
site keeps the same document)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from gadget.missions.team_document import DocumentAttempt, TeamDocument, read_document
from gadget.missions.team_document import TeamDocumentError as BackupError
from gadget.missions.word_lists import TeamWordList
from gadget.services.attempts import planned
from gadget.store import ImportedAttempt, ImportedWordList, Store, Team

__all__ = ["BackupError", "export_team", "import_team"]


def export_team(store: Store, team: Team | str) -> dict[str, Any]:
    """The team, its map, its completions, every attempt with its log or told result, and
    its word lists; an attempt played on another map (before the team changed maps) names
    that map."""
    team = store.team(team) if isinstance(team, str) else team
    attempts = store.attempts(team.id)
    others = sorted(
        {a.map_id for a in attempts if a.map_id is not None and a.map_id != team.map_id}
    )
    return TeamDocument(
        name=team.name,
        players=team.players,
        notes=team.notes,
        mission_map=store.mission_map(team.map_id),
        completed={mission: at.isoformat() for mission, at in store.completions(team.id).items()},
        attempts=tuple(
            DocumentAttempt(
                mission=a.mission_id,
                played_at=a.played_at.isoformat(),
                players=tuple(a.players),
                notes=a.notes,
                won=a.won,
                score=a.score,
                log=a.log,
                told=a.told,
                map_index=others.index(a.map_id) if a.map_id in others else None,
                sides=a.sides,
                with_the_app=a.with_the_app,
            )
            for a in attempts
        ),
        other_maps=tuple(store.mission_map(map_id) for map_id in others),
        word_lists=tuple(
            TeamWordList(kept.name, kept.words, kept.created_at.isoformat())
            for kept in store.word_lists(team.id)
        ),
    ).to_dict()


def import_team(
    store: Store, text: str, rename: str | None = None, phone: str | None = None
) -> Team:
    """Check the whole backup first (every check is the document's own), then write it in
    one transaction (the importing phone, if any, is the team's first member)."""
    document = read_document(text)
    return store.import_team(
        name=document.name if rename is None else rename,  # --as "" is a name, refused
        players=document.players,
        notes=document.notes,
        mission_map=document.mission_map,
        completed={mission: moment(at) for mission, at in document.completed.items()},
        attempts=planned(
            document.mission_map,
            document.completed,
            [
                ImportedAttempt(
                    mission_id=a.mission,
                    played_at=moment(a.played_at),
                    players=a.players,
                    notes=a.notes,
                    log=a.log,
                    mission_map=None if a.map_index is None else document.played_on(a),
                    told=a.told,
                    state=a.state,
                    sides=a.sides,
                    with_the_app=a.with_the_app,
                )
                for a in document.attempts
            ],
        ),
        phone=phone,
        word_lists=[
            ImportedWordList(kept.name, kept.words, moment(kept.created_at))
            for kept in document.word_lists
        ],
    )


def moment(written: str) -> datetime:
    """A time the document wrote (checked as ISO 8601), as an aware moment: one written
    without its zone is UTC."""
    when = datetime.fromisoformat(written)
    return when if when.tzinfo else when.replace(tzinfo=UTC)
