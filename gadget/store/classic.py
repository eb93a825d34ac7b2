"""Classic and Pictures cards kept at the server: one row a code, its table as a document
saved at every step under a version, and the phones that opened it by its code.

The code is the card: a phone that opened a code reads and moves that card's table, and no
other phone learns it is there (a read for a phone that never opened it finds nothing, as
for a code never opened). Nothing here lists tables.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from gadget.store.errors import NotFoundError, StaleGameError, StoreError
from gadget.store.repository import Repository
from gadget.store.rows import ClassicGameRow, ClassicPhoneRow


@dataclass(frozen=True, slots=True)
class KeptClassic:
    """A classic card's table as saved: its code, its document (JSON text) and its version."""

    code: str
    document: str
    version: int


def _kept(row: ClassicGameRow) -> KeptClassic:
    return KeptClassic(row.code, row.document, row.version)


def _not_opened() -> NotFoundError:
    return NotFoundError("no such card on this phone: open it with its code")


class ClassicRecords(Repository):
    """Reads and writes of the classic cards' tables, each checking the phone opened it."""

    def open_classic(self, code: str, phone: str, first: str) -> KeptClassic:
        """The card's table, with this phone now one that opened it: kept with `first` as its
        document the first time any phone opens the code."""
        for _attempt in range(2):  # two phones opening one new code at once: one inserts
            try:
                with self._transaction() as session:
                    row = _row(session, code)
                    if row is None:
                        now = self.now()
                        row = ClassicGameRow(
                            code=code, document=first, created_at=now, updated_at=now
                        )
                        session.add(row)
                        session.flush()
                    assert row.id is not None
                    if not _opened_by(session, row.id, phone):
                        session.add(
                            ClassicPhoneRow(table_id=row.id, phone=phone, opened_at=self.now())
                        )
                    return _kept(row)
            except IntegrityError:  # the other phone's row came first: read it next time
                continue
        raise StoreError("the card {code} could not be opened: try again", code=code)

    def classic_of(self, code: str, phone: str) -> KeptClassic:
        """The card's table as saved, for a phone that opened it; any other is told there is
        no such card, whether or not it is kept."""
        with self._transaction() as session:
            row = _row(session, code)
            if row is None or row.id is None or not _opened_by(session, row.id, phone):
                raise _not_opened()
            return _kept(row)

    def save_classic(
        self, code: str, phone: str, expected_version: int, change: Callable[[str], str]
    ) -> KeptClassic:
        """The card's document changed by `change` in one transaction, from a phone that
        opened it and saw `expected_version`: a phone that saw an older one is refused and
        nothing is changed (the other phone moved first), as is a change that refuses or
        changes nothing; every server process hears of a change when it commits."""
        with self._transaction() as session:
            row = _row(session, code)
            if row is None or row.id is None or not _opened_by(session, row.id, phone):
                raise _not_opened()
            if row.version != expected_version:
                raise _stale(row.version, expected_version)
            document = change(row.document)
            if document == row.document:  # a tap that changes nothing writes nothing
                return _kept(row)
            changed = session.execute(
                update(ClassicGameRow)
                .where(
                    col(ClassicGameRow.id) == row.id,
                    col(ClassicGameRow.version) == expected_version,
                )
                .values(document=document, version=expected_version + 1, updated_at=self.now())
                .execution_options(synchronize_session=False)
            )
            if changed.rowcount != 1:  # type: ignore[attr-defined]
                raise _stale(expected_version + 1, expected_version)
            self._tell_others(session.connection(), code)
            return KeptClassic(code, document, expected_version + 1)


def _row(session: Session, code: str) -> ClassicGameRow | None:
    return session.exec(select(ClassicGameRow).where(ClassicGameRow.code == code)).first()


def _opened_by(session: Session, table_id: int, phone: str) -> bool:
    return (
        session.exec(
            select(ClassicPhoneRow.id).where(
                ClassicPhoneRow.table_id == table_id, ClassicPhoneRow.phone == phone
            )
        ).first()
        is not None
    )


def _stale(current: int, seen: int) -> StaleGameError:
    return StaleGameError(
        "the other spymaster's phone changed the card first (it is at step {current}, this"
        " phone saw step {seen}); your tap was not taken: look again",
        current=current,
        seen=seen,
    )
