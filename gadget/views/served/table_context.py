"""The server's table in Flet's context: the screens of the served app reach it here (the
static site has no table, and never imports this)."""

from __future__ import annotations

from typing import cast

import flet as ft

from gadget.services.table import Table

TABLE = ft.create_context(cast(Table | None, None))


def use_table() -> Table:
    """The table every phone of this server plays at, from Flet's context (App provides it)."""
    table = ft.use_context(TABLE)
    if table is None:
        raise RuntimeError("no table: App provides one above every screen")
    return table
