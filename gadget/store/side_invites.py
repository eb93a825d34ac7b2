"""The rows of a side's phones in a unit of work: invites to a side, the phones that leave
one, the word a side chose played apart, and the names players give their phones (the
services decide who may make, open, leave, choose or name what; this keeps and finds the
rows)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import delete, update
from sqlmodel import Session, col, select

from gadget.engine.keycard import Player
from gadget.store import notices
from gadget.store.rows import GameRow, PhoneNameRow, SeatRow, SideChoiceRow, SideInviteRow


@dataclass(frozen=True, slots=True)
class SideInvite:
    """An invite as it stands: the side of which game it adds phones to, and how many more."""

    game_id: int
    side: Player
    uses_left: int


class SideRows:
    """The unit of work's invites, departures and choices (`Unit` is one)."""

    @property
    def session(self) -> Session:
        """The ORM's session in the unit's transaction (`Unit` makes it when first asked)."""
        raise NotImplementedError

    now: datetime
    _read: dict[tuple[str, int], Any]

    # Unit's
    def tell_others(self, subject: notices.Subject, news: str | None = None) -> None: ...

    def add_side_invite(
        self, game_id: int, side: Player, secret_hash: str, uses: int, made_by: str
    ) -> None:
        """Keep a new invite (its secret's hash only), in place of this maker's earlier ones
        to this game."""
        self.session.execute(
            delete(SideInviteRow).where(
                col(SideInviteRow.game_id) == game_id, col(SideInviteRow.made_by) == made_by
            )
        )
        self.session.add(
            SideInviteRow(
                game_id=game_id,
                side=side.value,
                secret_hash=secret_hash,
                uses_left=uses,
                made_by=made_by,
                made_at=self.now,
            )
        )
        self.session.flush()

    def side_invite(self, secret_hash: str) -> SideInvite | None:
        """The invite whose secret has this hash, spent or not; None for none."""
        row = self.session.exec(
            select(SideInviteRow).where(SideInviteRow.secret_hash == secret_hash)
        ).first()
        return SideInvite(row.game_id, Player(row.side), row.uses_left) if row else None

    def spend_side_invite(self, secret_hash: str) -> bool:
        """One use of the invite, if it has one left; two phones opening its last use at
        once: one of them gets it (the update is conditional)."""
        spent = self.session.execute(
            update(SideInviteRow)
            .where(col(SideInviteRow.secret_hash) == secret_hash, col(SideInviteRow.uses_left) > 0)
            .values(uses_left=col(SideInviteRow.uses_left) - 1)
        )
        return bool(spent.rowcount)  # type: ignore[attr-defined]

    def leave_seat(self, game_id: int, phone: str) -> Player | None:
        """This holder no longer holds its side of this game; the side it held, if any."""
        held = self.session.exec(
            select(SeatRow).where(SeatRow.game_id == game_id, SeatRow.phone == phone)
        ).first()
        if held is None:
            return None
        self.session.execute(delete(SeatRow).where(col(SeatRow.id) == held.id))
        self._read.pop(("seats", game_id), None)
        self.tell_others(game_id)
        return Player(held.side)

    def choose_cell(self, game_id: int, side: Player, cell: int | None, version: int) -> None:
        """The side's chosen word, in place of its earlier one (None: none), as of this
        version of the game; its other phones are told."""
        self.session.execute(
            delete(SideChoiceRow).where(
                col(SideChoiceRow.game_id) == game_id, col(SideChoiceRow.side) == side.value
            )
        )
        if cell is not None:
            self.session.add(
                SideChoiceRow(game_id=game_id, side=side.value, cell=cell, version=version)
            )
        self.session.flush()
        self._read.pop(("choices", game_id), None)
        self.tell_others(game_id)

    def side_choice(self, game_id: int, side: Player) -> tuple[int, int] | None:
        """The side's chosen word and the game's version it was chosen at, if any (as read
        with the game's other rows, when they were read together)."""
        together = self._read.get(("choices", game_id))
        if together is not None:
            return cast(tuple[int, int] | None, together.get(side))
        row = self.session.get(SideChoiceRow, (game_id, side.value))
        return (row.cell, row.version) if row is not None else None

    def side_choices(self, game_id: int) -> dict[Player, tuple[int, int]]:
        """Each side's chosen word and the version it was chosen at, in one read (as read
        with the game's other rows, when they were read together)."""
        together = self._read.get(("choices", game_id))
        if together is not None:
            return dict(together)
        rows = self.session.exec(select(SideChoiceRow).where(SideChoiceRow.game_id == game_id))
        return {Player(row.side): (row.cell, row.version) for row in rows}

    def name_phone(self, phone: str, name: str | None) -> tuple[int, ...]:
        """The name this phone's player gave it, in place of any earlier (None: it has none
        now); the unfinished games whose sides it holds, whose other phones are told."""
        row = self.session.get(PhoneNameRow, phone)
        if name is None and row is not None:
            self.session.delete(row)
        elif name is not None and row is None:
            self.session.add(PhoneNameRow(phone=phone, name=name, named_at=self.now))
        elif name is not None and row is not None:
            row.name, row.named_at = name, self.now
            self.session.add(row)
        self.session.flush()
        held = self.session.exec(
            select(SeatRow.game_id)
            .join(GameRow, col(GameRow.id) == col(SeatRow.game_id))
            .where(SeatRow.phone == phone, col(GameRow.attempt_id).is_(None))
        ).all()
        for game_id in held:
            self._read.pop(("seats", game_id), None)
            self.tell_others(game_id)
        return tuple(held)

    def phone_name(self, phone: str) -> str:
        """The name this phone's player gave it ("" for none)."""
        row = self.session.get(PhoneNameRow, phone)
        return row.name if row is not None else ""
