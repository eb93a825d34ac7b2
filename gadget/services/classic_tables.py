"""Classic and Pictures cards at the server: both spymasters' phones show one card, its count
and its team timer, each step saved as it happens and told at once to every phone watching.

The code is the card: a phone that holds a code opens its table (the first phone to open a
code keeps it at the server), and only a phone that opened it reads or moves it. There is no
way to list tables. Each step is one transaction: the phone checked, the version it saw
checked (the other phone may have moved first), the pure step of `classic_table` applied to
the kept document and saved. The timer runs on the server's clock, the same on every phone.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from gadget.engine.classic import ClassicCard, Game, Team, deal
from gadget.services.classic_table import (
    ClassicTable,
    ClassicTableError,
    TimerMove,
    counting,
    new_table,
    table_document,
    table_of_document,
    timer_moved,
    timer_started,
    timer_stopped,
    times_set,
    touched,
    turn_ended,
    undone,
)
from gadget.services.hub import Hub
from gadget.services.phones import Phone
from gadget.services.team_timer import TeamTimerSettings
from gadget.store import KeptClassic, Store

Step = Callable[[ClassicTable, float], ClassicTable]


@dataclass(frozen=True, slots=True)
class ShownClassic:
    """A card's table as a phone shows it, and the version its next step is based on."""

    table: ClassicTable
    version: int


def document_text(table: ClassicTable) -> str:
    """The table as the store keeps it."""
    return json.dumps(table_document(table), separators=(",", ":"), sort_keys=True)


def table_of_text(text: str) -> ClassicTable:
    """A kept table read back; text that is no table is refused in one line."""
    try:
        document = json.loads(text)
    except ValueError:
        raise ClassicTableError(
            "this kept classic table cannot be read: {wrong}", wrong="not JSON"
        ) from None
    return table_of_document(document)


class ClassicTables:
    """Every classic card kept at this server: each call takes the phone, and the store
    checks, in the transaction that reads or saves, that it opened the card's code."""

    def __init__(self, store: Store, hub: Hub, clock: Callable[[], float]) -> None:
        self.store = store
        self.hub = hub
        self.clock = clock

    def deal(self, phone: Phone, game: Game, seed: int | None = None) -> ClassicCard:
        """A new card of this game, random unless `seed` is given, opened on this phone."""
        card = deal(game, secrets.randbits(64) if seed is None else seed)
        self.open(phone, card)
        return card

    def open(self, phone: Phone, card: ClassicCard) -> ShownClassic:
        """The card's table on this phone, which holds its code: kept at the server the first
        time any phone opens it (a card dealt anywhere, the same card everywhere)."""
        kept = self.store.open_classic(card.code, phone.key, document_text(new_table(card)))
        return _shown(card, kept)

    def shown(self, phone: Phone, card: ClassicCard) -> ShownClassic:
        """The card's table now, for a phone that opened it (any other: no such card)."""
        return _shown(card, self.store.classic_of(card.code, phone.key))

    def count(self, phone: Phone, card: ClassicCard, version: int, on: bool) -> ShownClassic:
        """Keeping count started or stopped."""
        return self._step(phone, card, version, lambda table, _now: counting(table, on))

    def touch(self, phone: Phone, card: ClassicCard, version: int, cell: int) -> ShownClassic:
        """A card the operatives touched, covered."""
        return self._step(phone, card, version, lambda table, now: touched(table, cell, now))

    def end_turn(
        self, phone: Phone, card: ClassicCard, version: int, team: Team | None = None
    ) -> ShownClassic:
        """`team` stops guessing: the other team's turn and time (once, however many taps)."""
        return self._step(phone, card, version, lambda table, now: turn_ended(table, now, team))

    def undo(self, phone: Phone, card: ClassicCard, version: int) -> ShownClassic:
        """The count's last step taken back."""
        return self._step(phone, card, version, undone)

    def start_timer(
        self, phone: Phone, card: ClassicCard, version: int, settings: TeamTimerSettings
    ) -> ShownClassic:
        """The team timer on, with these times."""
        return self._step(
            phone, card, version, lambda table, now: timer_started(table, settings, now)
        )

    def set_times(
        self, phone: Phone, card: ClassicCard, version: int, settings: TeamTimerSettings
    ) -> ShownClassic:
        """The team timer's times, for both phones."""
        return self._step(phone, card, version, lambda table, _now: times_set(table, settings))

    def stop_timer(self, phone: Phone, card: ClassicCard, version: int) -> ShownClassic:
        """The team timer off."""
        return self._step(phone, card, version, lambda table, _now: timer_stopped(table))

    def move_timer(
        self, phone: Phone, card: ClassicCard, version: int, move: TimerMove
    ) -> ShownClassic:
        """The team timer paused, resumed or given its whole turn again."""
        return self._step(phone, card, version, lambda table, now: timer_moved(table, move, now))

    def _step(self, phone: Phone, card: ClassicCard, version: int, step: Step) -> ShownClassic:
        """One step saved in one transaction, then every phone watching the card told the
        version it made (this phone, handed it, need not read it again)."""
        now = self.clock()
        changed: list[ClassicTable] = []

        def change(text: str) -> str:
            after = step(_kept_table(card, text), now)
            changed.append(after)
            return document_text(after)

        kept = self.store.save_classic(card.code, phone.key, version, change)
        if kept.version != version:  # a step that changed nothing has nothing to tell
            self.hub.changed(card.code, kept.version)
        return ShownClassic(changed[-1], kept.version)


def _kept_table(card: ClassicCard, text: str) -> ClassicTable:
    """The kept table of this card (a row whose document names another card is refused)."""
    table = table_of_text(text)
    if table.card != card:
        raise ClassicTableError(
            "this kept classic table cannot be read: {wrong}", wrong="another card's"
        )
    return table


def _shown(card: ClassicCard, kept: KeptClassic) -> ShownClassic:
    return ShownClassic(_kept_table(card, kept.document), kept.version)
