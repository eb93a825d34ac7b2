"""The store: every group of records in one object, and the app's settings."""

from __future__ import annotations

from gadget.store.classic import ClassicRecords
from gadget.store.games import GameRecords
from gadget.store.history import HistoryRecords
from gadget.store.home import HomeRecords
from gadget.store.maps import MapRecords
from gadget.store.phones import PhoneRecords
from gadget.store.rows import (
    SettingRow,
)
from gadget.store.teams import TeamRecords
from gadget.store.word_lists import WordListRecords


class Store(
    MapRecords,
    TeamRecords,
    GameRecords,
    HistoryRecords,
    PhoneRecords,
    HomeRecords,
    ClassicRecords,
    WordListRecords,
):
    """All reads and writes, each in its own transaction (each group in its own module)."""

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
