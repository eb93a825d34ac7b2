"""The word lists a team keeps: added, read and deleted for one team, or read for all of a
phone's teams at once (what /words shows); every list is checked before it is kept."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from gadget.engine.words import read_word_list
from gadget.missions.names import name_key, sort_key
from gadget.missions.word_lists import check_room, list_name, name_taken
from gadget.store.errors import NotFoundError
from gadget.store.records import Team, team_record
from gadget.store.repository import Repository
from gadget.store.rows import TeamMemberRow, TeamRow, TeamWordListRow


@dataclass(frozen=True, slots=True)
class KeptWordList:
    """A list of words a team keeps, with the team's name (a phone may be in several)."""

    id: int
    team_id: int
    team_name: str
    name: str
    words: tuple[str, ...]
    created_at: datetime


@dataclass(frozen=True, slots=True)
class PhoneWordLists:
    """A phone's teams, by name, and the lists they keep, by team then by name."""

    teams: tuple[Team, ...]
    lists: tuple[KeptWordList, ...]


@dataclass(frozen=True, slots=True)
class ImportedWordList:
    """A list a team's backup brings back, already read and checked by its document."""

    name: str
    words: tuple[str, ...]
    created_at: datetime


class WordListRecords(Repository):
    """Each team's word lists."""

    def add_word_list(self, team_id: int, name: str, text: str) -> KeptWordList:
        """A list kept for the team, its name and words checked first (`read_word_list`),
        refused when the team keeps one of that name or has no room left for it."""
        name, words = list_name(name), read_word_list(text)
        with self._transaction() as session:
            # Locked on PostgreSQL: two phones keeping a list at once are counted one after
            # the other (SQLite writes one transaction at a time anyway).
            team = session.get(TeamRow, team_id, with_for_update=True)
            if team is None:
                raise NotFoundError("no team number {team_id}", team_id=team_id)
            check_room(
                [(row.name, len(row.words.splitlines())) for row in _rows(session, team_id)],
                name,
                len(words),
            )
            row = _row(team_id, name, words, self.now())
            session.add(row)
            try:
                session.flush()
            except IntegrityError:  # the same name kept by another phone in the same instant
                raise name_taken(name) from None
            return _kept(row, team.name)

    def word_lists(self, team_id: int) -> list[KeptWordList]:
        """The lists a team keeps, by name."""
        with self._transaction() as session:
            team = session.get(TeamRow, team_id)
            if team is None:
                raise NotFoundError("no team number {team_id}", team_id=team_id)
            return [_kept(row, team.name) for row in _rows(session, team_id)]

    def phone_word_lists(self, phone: str) -> PhoneWordLists:
        """This phone's teams and every list they keep, in one read."""
        with self._transaction() as session:
            teams = sorted(
                (
                    team_record(row)
                    for row in session.exec(
                        select(TeamRow)
                        .join(TeamMemberRow, col(TeamMemberRow.team_id) == col(TeamRow.id))
                        .where(TeamMemberRow.phone == phone)
                    ).all()
                ),
                key=lambda team: (sort_key(team.name), team.id),
            )
            names = {team.id: team.name for team in teams}
            rows = session.exec(
                select(TeamWordListRow).where(col(TeamWordListRow.team_id).in_(names))
            ).all()
            order = {team.id: place for place, team in enumerate(teams)}
            return PhoneWordLists(
                tuple(teams),
                tuple(
                    _kept(row, names[row.team_id])
                    for row in sorted(rows, key=lambda row: (order[row.team_id], *_order(row)))
                ),
            )

    def delete_word_list(self, team_id: int, list_id: int) -> None:
        """Forget one of the team's lists (a game dealt from it keeps its words)."""
        with self._transaction() as session:
            row = session.get(TeamWordListRow, list_id)
            if row is None or row.team_id != team_id:
                raise NotFoundError("no word list number {list_id} for this team", list_id=list_id)
            session.delete(row)


def checked_imports(lists: Sequence[ImportedWordList]) -> list[ImportedWordList]:
    """A backup's lists checked again as lists a player keeps (before the transaction that
    keeps them: the team's other writes wait for none of this)."""
    checked: list[ImportedWordList] = []
    for imported in lists:
        name = list_name(imported.name, kept=True)
        words = read_word_list("\n".join(imported.words))
        check_room([(other.name, len(other.words)) for other in checked], name, len(words))
        checked.append(ImportedWordList(name, words, imported.created_at))
    return checked


def imported_rows(team_id: int, lists: Sequence[ImportedWordList]) -> list[TeamWordListRow]:
    """The rows of a backup's checked lists, for the team it brings back."""
    return [_row(team_id, kept.name, kept.words, kept.created_at) for kept in lists]


def _row(team_id: int, name: str, words: tuple[str, ...], at: datetime) -> TeamWordListRow:
    return TeamWordListRow(
        team_id=team_id, name=name, name_key=name_key(name), words="\n".join(words), created_at=at
    )


def _rows(session: Session, team_id: int) -> list[TeamWordListRow]:
    """A team's lists by name."""
    rows = session.exec(select(TeamWordListRow).where(TeamWordListRow.team_id == team_id)).all()
    return sorted(rows, key=_order)


def _order(row: TeamWordListRow) -> tuple[str, int]:
    """Where a list goes among its team's: by name, accents set aside."""
    assert row.id is not None
    return sort_key(row.name), row.id


def _kept(row: TeamWordListRow, team_name: str) -> KeptWordList:
    assert row.id is not None
    at = row.created_at
    return KeptWordList(
        id=row.id,
        team_id=row.team_id,
        team_name=team_name,
        name=row.name,
        words=tuple(row.words.splitlines()),
        created_at=at if at.tzinfo is not None else at.replace(tzinfo=UTC),  # SQLite's: UTC
    )
