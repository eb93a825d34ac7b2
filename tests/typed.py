"""What a screen must do with any text typed into it, worked out from the rules below the
screens (the timer's, the names', the share code's): the hostile-input tests type anything
and hold each screen to this, a success and a refusal alike."""

from __future__ import annotations

import re
from dataclasses import replace

import flet as ft

from gadget.engine import ShareCodeError
from gadget.engine.errors import ENGLISH
from gadget.engine.timing import SettingsError
from gadget.missions.names import TextError, clean_name, clean_players, name_key
from gadget.services.table import Table
from gadget.views.parts.fields import whole_number
from gadget.views.parts.shared import brief
from gadget.views.parts.typed_code import read_code
from tests.phones import Phone

TEAM_FIELDS = ("New team", "Players (Ann, Ben)")


async def typed_into_settings(table: Table, typed: str) -> Phone:
    """Each time submitted is kept when the timer's rules allow it, else refused and not kept."""
    phone = await Phone("/settings").open()
    for label, field in (("Clue seconds", "clue_seconds"), ("Guess seconds", "guess_seconds")):
        before = table.default_timer(phone.identity)
        digits = typed.strip()  # a number of any length or sign is judged by its range; else
        value: object = None  # quoted as typed, and short
        if re.fullmatch(r"[+-]?[0-9]+", digits):
            value = (-1 if digits[0] == "-" else 1) * int(digits.lstrip("+-")[:13])
        quoted = digits if len(digits) <= 16 else digits[:15] + "…"
        try:
            after = replace(before, **{field: quoted if value is None else value})
        except SettingsError as wrong:
            after, news = before, brief(str(wrong))
        else:
            news = "Saved: new games use these settings."
        await phone.submit(label, typed)
        assert table.default_timer(phone.identity) == after
        if digits:  # an empty field changes nothing and says nothing
            assert phone.says(news), (label, news, phone.texts())
    return phone


async def typed_into_paper(_table: Table, typed: str) -> Phone:
    """Key cards are made for 1 to 1000 games (the field keeps 10 characters), else refused."""
    phone = await Phone("/paper").open()
    await phone.type("Games", typed)
    await phone.tap("Key cards (PDF)")
    games = whole_number(typed[:10])
    saved = [name for name, _ in phone.method_calls() if name == "save_file"]
    if games is not None and 1 <= games <= 1000:
        assert len(saved) == 1 and phone.says("cut, fold, stand them between you")
    else:
        assert saved == []
        refused = f"{ENGLISH.quoted(typed[:10])} games: print 1 to 1000"
        assert phone.says(brief(refused)), phone.texts()
    return phone


async def typed_into_teams(table: Table, typed: str) -> Phone:
    """A team of that name and those players is added when the names' rules allow it and no
    team has the name; else the refusal is on its field and no team is added."""
    phone = await Phone("/teams").open()
    known = {team.name for team in table.store.teams()}
    await phone.type("New team", typed)
    await phone.type("Players (Ann, Ben)", typed + "," + typed)
    await phone.tap("Add team")
    field = "New team"  # where a refusal shows: on the field it is about
    try:
        name = clean_name(typed)
        field = "Players (Ann, Ben)"
        players = clean_players([typed, typed])
        field = "New team"
        for other in known:
            if name_key(other) == name_key(name):
                raise TextError(
                    "the name {name!r} is taken by a team on this server: choose another", name=name
                )
    except TextError as wrong:
        assert {team.name for team in table.store.teams()} == known
        words = brief(str(wrong)[:1].upper() + str(wrong)[1:] + ".")
        errors = {label: phone._find(ft.TextField, label=label).error for label in TEAM_FIELDS}
        assert errors == {label: words if label == field else None for label in TEAM_FIELDS}
    else:
        assert phone.says(f"Added {name}.")
        assert table.store.team(name).players == players
    return phone


async def typed_as_code(_table: Table, typed: str) -> Phone:
    """A code opens its side B; anything else is refused on the field, and Home stays."""
    phone = await Phone("/").open()
    await phone.submit("Partner's code", typed)
    try:
        code = read_code(typed)  # the code, or the join link a chat gave (tests/test_sharecode.py)
    except ShareCodeError as wrong:
        assert phone._find(ft.TextField, label="Partner's code").error == brief(str(wrong))
        assert phone.session.page.route == "/"
    else:
        assert phone.session.page.route == f"/join/{code.text}"
    return phone
