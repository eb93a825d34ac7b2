"""A team keeps its word lists: in the store (SQLite and PostgreSQL), only for a phone of the
team, in its backup, and on /words (kept, dealt from, deleted)."""

from __future__ import annotations

import json
from typing import Any

import flet as ft
import pytest
from sqlalchemy import create_engine, text

from gadget.engine.errors import WordListError
from gadget.missions.team_document import TeamDocumentError, read_document
from gadget.missions.word_lists import MAX_TEAM_WORDS, MAX_WORD_LISTS
from gadget.services import addresses, games
from gadget.services.backup import export_team, import_team
from gadget.services.table import Table
from gadget.store import NotFoundError, Store, TextError, migrate
from tests.clocks import FakeClock
from tests.phones import Phone, device_of, member, new_device
from tests.screens import at_the_table
from tests.seated import new_phone

ANIMALS = [f"animal {n}" for n in range(30)]
TOOLS = [f"tool {n}" for n in range(25)]


def _words(prefix: str, count: int) -> str:
    return "\n".join(f"{prefix}{n}" for n in range(count))


# -- the store -------------------------------------------------------------------------------


def test_a_team_keeps_lists_by_name_and_deletes_them(store: Store) -> None:
    owls, bats = store.add_team("Owls", []), store.add_team("Bats", [])
    tools = store.add_word_list(owls.id, "  Tools ", ", ".join(TOOLS))  # commas: one line
    animals = store.add_word_list(owls.id, "Animals", "\n".join(ANIMALS))
    assert (tools.name, tools.words, tools.team_name) == ("Tools", tuple(TOOLS), "Owls")
    assert [kept.name for kept in store.word_lists(owls.id)] == ["Animals", "Tools"]
    assert store.word_lists(owls.id)[0] == animals
    assert animals.created_at.tzinfo is not None
    with pytest.raises(WordListError, match="the team already keeps a list named “ANIMALS”"):
        store.add_word_list(owls.id, "ANIMALS", "\n".join(TOOLS))
    store.add_word_list(bats.id, "Animals", "\n".join(TOOLS))  # another team's name is free
    with pytest.raises(NotFoundError):  # one team cannot delete another's list
        store.delete_word_list(bats.id, animals.id)
    assert len(store.word_lists(owls.id)) == 2
    store.delete_word_list(owls.id, animals.id)
    assert [kept.name for kept in store.word_lists(owls.id)] == ["Tools"]
    assert [kept.team_name for kept in store.word_lists(bats.id)] == ["Bats"]
    with pytest.raises(NotFoundError):
        store.delete_word_list(owls.id, animals.id)
    with pytest.raises(NotFoundError):
        store.add_word_list(999, "Lost", "\n".join(TOOLS))


@pytest.mark.parametrize(
    ("name", "words", "refused"),
    [
        ("Short", _words("w", 24), "the list has 24 words; a list has 25 to 2000"),
        ("Twice", _words("w", 25) + "\nW1", "“W1” is in the list twice"),
        ("", _words("w", 25), "a word list's name cannot be empty"),
        ("x" * 41, _words("w", 25), "a word list's name has 41 characters"),
    ],
)
def test_a_list_and_its_name_are_checked_before_anything_is_kept(
    store: Store, name: str, words: str, refused: str
) -> None:
    owls = store.add_team("Owls", [])
    with pytest.raises((WordListError, TextError), match=refused):
        store.add_word_list(owls.id, name, words)
    assert store.word_lists(owls.id) == []


def test_a_team_keeps_a_few_lists_and_a_few_thousand_words(store: Store) -> None:
    owls, bats = store.add_team("Owls", []), store.add_team("Bats", [])
    for number in range(MAX_WORD_LISTS):
        store.add_word_list(owls.id, f"List {number}", _words(f"l{number}w", 25))
    with pytest.raises(WordListError, match=f"a team keeps at most {MAX_WORD_LISTS} word lists"):
        store.add_word_list(owls.id, "One more", _words("w", 25))
    full = MAX_TEAM_WORDS // 2000
    for number in range(full):
        store.add_word_list(bats.id, f"Long {number}", _words(f"l{number}w", 2000))
    with pytest.raises(WordListError, match=f"would hold {MAX_TEAM_WORDS + 25} words"):
        store.add_word_list(bats.id, "One more", _words("w", 25))
    store.delete_word_list(bats.id, store.word_lists(bats.id)[0].id)
    store.add_word_list(bats.id, "One more", _words("w", 25))
    assert len(store.word_lists(owls.id)) == MAX_WORD_LISTS
    assert len(store.word_lists(bats.id)) == full


def test_a_phone_reads_its_teams_and_their_lists_in_one_go(store: Store) -> None:
    owls, bats, rats = (store.add_team(name, []) for name in ("Owls", "Bats", "Rats"))
    for team in (owls, bats):
        store.join_team(team.id, "my phone")
    store.add_word_list(owls.id, "Tools", "\n".join(TOOLS))
    store.add_word_list(bats.id, "Zoo", "\n".join(ANIMALS))
    store.add_word_list(bats.id, "Animals", "\n".join(ANIMALS))
    store.add_word_list(rats.id, "Secret", "\n".join(TOOLS))
    mine = store.phone_word_lists("my phone")
    assert [team.name for team in mine.teams] == ["Bats", "Owls"]
    assert [(kept.team_name, kept.name) for kept in mine.lists] == [
        ("Bats", "Animals"),
        ("Bats", "Zoo"),
        ("Owls", "Tools"),
    ]
    nobody = store.phone_word_lists("a phone of no team")
    assert (nobody.teams, nobody.lists) == ((), ())


def test_a_database_of_schema_0009_gets_word_lists_with_nothing_lost(database_url: str) -> None:
    engine = create_engine(database_url)
    migrate(engine, "0009")
    with engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO maps (id, name, data, created_at) VALUES (1, 'Shipped', '{}', :at)"
        ), {"at": "2025-01-01 10:00:00+00"})  # fmt: skip
        connection.execute(text(
            "INSERT INTO teams (id, name, name_key, invite, players, notes, map_id, created_at)"
            " VALUES (1, 'Owls', 'owls', 'secret', '[\"Ann\"]', '', 1, '2025-01-01 10:00:00+00')"
        ))  # fmt: skip
    engine.dispose()

    upgraded = Store(database_url)
    assert upgraded.team("owls").players == ("Ann",)
    assert upgraded.word_lists(1) == []
    upgraded.add_word_list(1, "Tools", "\n".join(TOOLS))
    assert [kept.words for kept in upgraded.word_lists(1)] == [tuple(TOOLS)]
    upgraded.close()


# -- the backup ------------------------------------------------------------------------------


def test_a_teams_backup_carries_its_lists_and_an_old_backup_still_imports(store: Store) -> None:
    owls = store.add_team("Owls", ["Ann"])
    store.add_word_list(owls.id, "Tools", "\n".join(TOOLS))
    store.add_word_list(owls.id, "Animals", "\n".join(ANIMALS))
    document = export_team(store, owls)
    assert [(kept["name"], kept["words"]) for kept in document["word_lists"]] == [
        ("Animals", ANIMALS),
        ("Tools", TOOLS),
    ]
    copy = import_team(store, json.dumps(document), rename="Owls again", phone="a phone")
    assert [(kept.name, kept.words) for kept in store.word_lists(copy.id)] == [
        ("Animals", tuple(ANIMALS)),
        ("Tools", tuple(TOOLS)),
    ]
    assert [kept.created_at for kept in store.word_lists(copy.id)] == [
        kept.created_at for kept in store.word_lists(owls.id)
    ]
    # A team without lists writes the document as before them; one from before imports.
    bats = store.add_team("Bats", [])
    old = export_team(store, bats)
    assert "word_lists" not in old
    assert store.word_lists(import_team(store, json.dumps(old), rename="Bats again").id) == []


def _document_with(lists: Any) -> str:
    document = {"format": "gadget-team/1", "team": {"name": "Owls"}, "word_lists": lists}
    return json.dumps(document)


def _kept(name: str, words: list[str]) -> dict[str, object]:
    return {"name": name, "words": words, "created_at": "2025-05-01T10:00:00+00:00"}


@pytest.mark.parametrize(
    ("lists", "refused"),
    [
        ({"name": "Tools"}, "word_lists must be a list"),
        (["Tools"], "word_lists 0: must be"),
        ([_kept("Tools", TOOLS[:24])], "word_lists 0: the list has 24 words"),
        ([_kept("Tools", [*TOOLS[:24], "saw, hammer"])], "word_lists 0: words: one a word"),
        ([_kept("Tools", [*TOOLS[:24], "saw\nhammer"])], "word_lists 0: words: one a word"),
        ([_kept("Tools", [*TOOLS[:24], 7])], "word_lists 0: words must be a list of words"),
        ([_kept("Tools", _words("w", 2001).split())], "word_lists 0: words: a list has at most"),
        ([{**_kept("Tools", TOOLS), "created_at": "soon"}], "created_at must be a time"),
        ([_kept("Tools", TOOLS), _kept("TOOLS", ANIMALS)], "word_lists 1: the team already"),
        ([_kept("", TOOLS)], "word_lists 0: a word list's name cannot be empty"),
        (
            [_kept(f"L{n}", TOOLS) for n in range(MAX_WORD_LISTS + 1)],
            f"word_lists {MAX_WORD_LISTS}: a team keeps at most",
        ),
    ],
)
def test_a_backups_lists_are_checked_and_a_bad_one_keeps_nothing(
    store: Store, lists: object, refused: str
) -> None:
    with pytest.raises(TeamDocumentError, match=refused):
        read_document(_document_with(lists))
    with pytest.raises(TeamDocumentError, match=refused):
        import_team(store, _document_with(lists))
    assert store.teams() == []


def test_a_documents_lists_are_read_back_whole() -> None:
    document = read_document(_document_with([_kept(" Tools ", [f" {w} " for w in TOOLS])]))
    [kept] = document.word_lists
    assert (kept.name, kept.words) == ("Tools", tuple(TOOLS))
    assert read_document(document.to_json()) == document


# -- who may ---------------------------------------------------------------------------------


def test_only_a_phone_of_the_team_reads_keeps_or_deletes_its_lists(store: Store) -> None:
    table = Table(store, clock=FakeClock())
    ours, stranger = new_phone(), new_phone()
    owls = table.add_team(ours, "Owls", [])
    tools = table.keep_word_list(ours, owls.id, "Tools", "\n".join(TOOLS))
    refusals = [
        lambda: table.keep_word_list(stranger, owls.id, "Mine", "\n".join(ANIMALS)),
        lambda: table.delete_word_list(stranger, owls.id, tools.id),
        lambda: table.team_word_lists(stranger, owls.id),
    ]
    for refused in refusals:
        with pytest.raises(NotFoundError, match="no such team on this phone"):
            refused()
    assert store.word_lists(owls.id) == [tools]  # nothing written, nothing deleted
    theirs = table.word_lists_of(stranger)
    assert (theirs.teams, theirs.lists) == ((), ())
    # A stranger's own team does not open another team's list either.
    bats = table.add_team(stranger, "Bats", [])
    with pytest.raises(NotFoundError):
        table.delete_word_list(stranger, bats.id, tools.id)
    assert table.team_word_lists(ours, owls.id) == [tools]
    assert [kept.name for kept in table.word_lists_of(ours).lists] == ["Tools"]
    table.delete_word_list(ours, owls.id, tools.id)
    assert table.team_word_lists(ours, owls.id) == []


# -- on the screen ---------------------------------------------------------------------------


@at_the_table
async def test_a_member_keeps_a_list_deals_with_it_and_deletes_it(table: Table) -> None:
    owls = table.store.add_team("Owls", ["Ann", "Ben"])
    phone = await member(table.store, owls)  # on the team's screen, which leads to /words
    assert await phone.until_says("Word lists")
    await phone.tap("Word lists")
    assert await phone.until_says("Keep this list for Owls")
    assert phone.says("No list kept yet.")
    await phone.type("Words", "\n".join(ANIMALS))
    await phone.tap("Keep this list for Owls")  # no name yet: refused, nothing kept
    assert await phone.until_says("A word list's name cannot be empty.")
    await phone.type("Name of the list", "Animals")
    await phone.tap("Check the list")  # the screen drawn again keeps the name typed
    assert await phone.until_says("30 words: ready.")
    assert phone._find(ft.TextField, label="Name of the list").value == "Animals"
    await phone.tap("Keep this list for Owls")
    assert await phone.until_says("Kept Animals for Owls.")
    assert phone.says("Owls: 30 words")
    [kept] = table.store.word_lists(owls.id)
    assert kept.words == tuple(ANIMALS)

    await phone.tap("Deal with Animals")
    [held] = table.games_of(device_of(phone.storage))
    words = games.game(table.store, held.seen.facts.id).log.words
    assert words is not None and words.key.is_custom and set(words.words) <= set(ANIMALS)
    assert held.seen.words == words.words
    route = addresses.game(held.seen.facts.public_id)
    assert ("push_route", {"route": route}) in phone.method_calls()

    await phone.go("/words")
    assert await phone.until_says("Deal with Animals")
    await phone.tap_icon("Delete Animals")
    assert await phone.until_says("Delete the list Animals?")
    assert table.store.word_lists(owls.id) == [kept]  # asked, not yet deleted
    await phone.tap("Delete the list")
    assert await phone.until_says("Deleted Animals.")
    assert table.store.word_lists(owls.id) == []
    assert not phone.says("Deal with Animals")


@at_the_table
async def test_a_phone_of_no_team_sees_no_team_lists(table: Table) -> None:
    owls = table.store.add_team("Owls", [])
    table.store.add_word_list(owls.id, "Secret", "\n".join(TOOLS))
    phone = await Phone("/words", storage=new_device()).open()
    assert await phone.until_says("Your own words")
    assert not phone.says("Keep this list for") and not phone.says("Secret")
