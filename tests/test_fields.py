"""Every text field of both apps is made one way (gadget/views/parts/fields.py): drawn with what
the player typed, never cut short by the field itself; a refused text stays in its field."""

from __future__ import annotations

import ast
from pathlib import Path

import flet as ft

from gadget.services.campaign import record_played_elsewhere
from gadget.services.table import Table
from tests.games import WINNING_ACTIONS, log_of
from tests.phones import Phone, member
from tests.screens import at_the_table

PACKAGE = Path(__file__).parents[1] / "gadget"


def _calls(name: str) -> list[tuple[str, int, ast.Call]]:
    """Every call of `name` (a plain or dotted name's last part) in the package's code."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                called = node.func
                last = (
                    called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", "")
                )
                if last == name:
                    found.append((str(path.relative_to(PACKAGE)), node.lineno, node))
    return found


def test_only_the_fields_module_makes_a_text_field() -> None:
    makers = {path for path, _line, _call in _calls("TextField")}
    assert makers == {"views/parts/fields.py"}, makers
    assert len(_calls("typed_field")) >= 12  # both apps' fields, each through it


def test_no_field_cuts_what_is_typed_or_pasted() -> None:
    cut = [
        (path, line)
        for name in ("typed_field", "TextField")
        for path, line, call in _calls(name)
        if any(keyword.arg == "max_length" for keyword in call.keywords)
    ]
    assert cut == []  # Flutter drops a longer paste whole, without a word


async def _note_kept(table: Table, typed: str) -> tuple[Phone, ft.TextField, int]:
    """A team's history with one attempt, a note typed on it and kept (Enter): the screen,
    the note's field after it, the team."""
    table.store.add_team("Owls", ["Ann", "Ben"])
    record_played_elsewhere(table.store, "Owls", "Prague", log_of(WINNING_ACTIONS).to_json())
    owls = table.store.team("Owls")
    history = await member(table.store, owls, f"/teams/{owls.id}/history")
    await history.type("Notes", typed)
    await history._event(history._find(ft.TextField, label="Notes"), "submit")
    return history, history._find(ft.TextField, label="Notes"), owls.id


@at_the_table
async def test_a_refused_note_stays_in_its_field_saying_what_was_refused(table: Table) -> None:
    history, field, owls_id = await _note_kept(table, "x" * 2001)
    assert field.value == "x" * 2001  # kept, to be cut down
    assert field.error and "2001" in field.error, field.error
    assert table.store.attempts(owls_id)[0].notes in (None, "")
    await history.type("Notes", "Lemonade")
    await history._event(history._find(ft.TextField, label="Notes"), "submit")
    assert table.store.attempts(owls_id)[0].notes == "Lemonade"
    field = history._find(ft.TextField, label="Notes")
    assert (field.value, field.helper) == ("Lemonade", "Note kept.")


@at_the_table
async def test_a_note_with_an_emoji_is_refused_on_its_field_and_kept_there(table: Table) -> None:
    """The phones' font has no emoji: a note typed with one would show as an empty box."""
    _history, field, owls_id = await _note_kept(table, "Great game \U0001f989")
    assert field.value == "Great game \U0001f989"  # kept, to be mended
    assert field.error == (
        "The notes cannot hold emoji or symbols (U+1F989): phones show them as empty boxes."
    )
    assert table.store.attempts(owls_id)[0].notes in (None, "")
