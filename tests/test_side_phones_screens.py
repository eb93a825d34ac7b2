"""The game of more than two on screen (issue 37): a phone of side A shows a link that adds a
phone to side A; the phone that opens it shows side A, turned as A sees the table, and
records a touch that side B's phone sees at once; side B's phone is never shown A's link,
and a spent link opens nothing."""

from __future__ import annotations

import re

from gadget.engine import Colour, Player, ShareCode
from gadget.services.table import Table
from gadget.views.parts.language import STORAGE_KEY as LANGUAGE_KEY
from tests.phones import Phone
from tests.screens import at_the_table, card_of, deal_and_join, give_clue, seat_of
from tests.test_apart_screens import _apart_game, _cells, _give
from tests.test_french import _english_on

A, B = Player.A, Player.B
LINK = re.compile(r"/side/[A-Za-z0-9_-]{22}$")


def link_on(phone: Phone) -> str:
    """The side link a phone shows (its path: the tests' pages have no address)."""
    found = [t for t in phone.texts() if LINK.search(t) and not t.startswith("QR code of")]
    assert len(found) == 1, phone.texts()
    return LINK.search(found[0]).group(0)  # type: ignore[union-attr]


async def three_phones_of_a(table: Table) -> tuple[Phone, ShareCode, Phone, Phone]:
    """A dealt game whose side A has two more phones, by one link of two uses."""
    phone_a, _phone_b, code = await deal_and_join(table)
    await phone_a.choose("Phones", "2")
    await phone_a.tap("Add a phone to side A")
    link = link_on(phone_a)
    return phone_a, code, await Phone(link).open(), await Phone(link).open()


@at_the_table
async def test_a_second_phone_of_side_a_joins_by_a_phones_link_and_records_a_touch(
    table: Table,
) -> None:
    phone_a, phone_b, code = await deal_and_join(table)
    card = card_of(table, code)
    assert phone_a.says("1 phone holds side A.") and phone_b.says("1 phone holds side B.")
    await phone_a.tap("Add a phone to side A")
    link = link_on(phone_a)
    assert phone_a.says("show it only to a player of side A")
    assert not any(LINK.search(text) for text in phone_b.texts())  # never on B's phone
    second_a = await Phone(link).open()
    assert await second_a.until_says("2 phones hold side A.")
    assert second_a.grid() == card.seen_from(A)
    assert await phone_a.until_says("2 phones hold side A.")
    await give_clue(phone_a, "tree")
    assert await second_a.until_says("B guesses")
    agent = card.a.index("G")
    await second_a.tap_cell(*seat_of(A, agent))  # A's second phone records B's touch
    assert await phone_b.until_says("You found an agent.")
    assert await phone_a.until_says("B found an agent.")
    spent = await Phone(link).open()
    assert await spent.until_says("That link opens no side")
    assert not spent.says("row 1 column 1")
    for phone, side in ((phone_a, A), (second_a, A), (phone_b, B)):
        assert phone.grid() == card.seen_from(side)


@at_the_table
async def test_a_phone_of_b_adds_to_side_b_only_and_a_phone_leaves_its_side(
    table: Table,
) -> None:
    phone_a, phone_b, code = await deal_and_join(table)
    await phone_b.tap("Add a phone to side B")
    second_b = await Phone(link_on(phone_b)).open()
    assert await second_b.until_says("2 phones hold side B.")
    assert second_b.grid() == card_of(table, code).seen_from(B)
    assert not phone_a.says("Leave side A")  # its only phone stays
    await second_b.tap("Leave side B")
    assert second_b.says("coming back takes a new link from a phone of the side. Leave it?")
    assert phone_b.says("2 phones hold side B.")  # not yet: asked first
    await second_b.tap("Leave side B")
    assert await phone_b.until_says("1 phone holds side B.")
    assert await second_b.until_says("New game")  # Home, holding no side of the game


@at_the_table
async def test_a_lost_phone_is_removed_from_its_side_after_a_second_tap(table: Table) -> None:
    phone_a, code, second_a, lost = await three_phones_of_a(table)
    assert await lost.until_says("3 phones hold side A. This phone is phone 3.")
    assert await phone_a.until_says("This phone is phone 1.")
    await phone_a.tap("Remove phone 3")
    assert phone_a.says("Phone 3 will no longer show side A. Remove it?")
    assert lost.says("row 1 column 1")  # not yet: asked first
    await phone_a.tap("Remove phone 3")
    assert await second_a.until_says("2 phones hold side A. This phone is phone 2.")
    assert await lost.until_says("Ask to take over side A")  # it holds no side now
    assert lost.says("This phone no longer holds side A: another phone took it over, or a")
    assert not lost.says("row 1 column 1")
    assert card_of(table, code).seen_from(A) == phone_a.grid()


@at_the_table
async def test_a_removal_asked_before_the_sides_phones_changed_removes_no_one(
    table: Table,
) -> None:
    """Phone 2 leaves while phone 1 asks about phone 3: phone 3 is now phone 2, and the
    question's answer must not remove whoever holds the third place next."""
    phone_a, _code, second_a, third_a = await three_phones_of_a(table)
    assert await phone_a.until_says("3 phones hold side A.")
    await phone_a.tap("Remove phone 3")
    await second_a.tap("Leave side A")
    await second_a.tap("Leave side A")
    assert await third_a.until_says("2 phones hold side A. This phone is phone 2.")
    await phone_a.tap("Remove phone 3")
    assert await phone_a.until_says("The side's phones changed meanwhile")
    assert third_a.says("row 1 column 1")  # still side A's
    assert not any(LINK.search(text) for text in phone_a.texts())  # the spent link stays folded


@at_the_table
async def test_a_phone_of_b_opening_a_link_to_side_a_is_told_it_stays_on_side_b(
    table: Table,
) -> None:
    """A phone holds one side: B's phone that opens A's link was sent to its own side
    without a word, as if the link had failed."""
    phone_a, phone_b, code = await deal_and_join(table)
    await phone_a.tap("Add a phone to side A")
    link = link_on(phone_a)
    again_b = await Phone(link, storage=phone_b.storage).open()
    assert await again_b.until_says("This phone holds side B of that game already.")
    assert again_b.says("A phone holds one side, so the link to side A added no phone.")
    assert not again_b.says("row 1 column 1")  # no card here, let alone A's
    await again_b.tap("Open the game")
    assert await again_b.until_says("1 phone holds side B.")
    assert again_b.grid() == card_of(table, code).seen_from(B)
    second_a = await Phone(link).open()  # the link's use is still there
    assert await second_a.until_says("2 phones hold side A.")


@at_the_table
async def test_played_apart_b_s_second_phone_chooses_a_word_and_b_s_first_confirms_it(
    table: Table,
) -> None:
    """Every phone of the guessing side is shown the word one of them chose (with its
    question), and any of them confirms it; side A's phone is shown no choice."""
    phone_a, phone_b, game = await _apart_game(table)
    await phone_b.tap("Add a phone to side B")
    second_b = await Phone(link_on(phone_b)).open()
    assert await phone_b.until_says("2 phones hold side B.")
    words = table.game(game.id).log.words  # type: ignore[attr-defined]
    await _give(phone_a, "ocean", "2")
    assert await second_b.until_says("A gave the clue: ocean 2. You guess.")
    green = _cells(table, game, A, Colour.GREEN)[0]
    word = words.words[green].upper()
    await second_b.tap_cell(*seat_of(B, green))
    assert await second_b.until_says(f"Touch {word}?")
    assert await phone_b.until_says(f"Touch {word}?")  # shown on B's other phone
    assert f"{word}, " in str(phone_b.cell(*seat_of(B, green)).label)
    assert str(phone_b.cell(*seat_of(B, green)).label).endswith(", chosen")
    assert not phone_a.says(f"Touch {word}?")
    assert not str(phone_a.cell(*seat_of(A, green)).label).endswith(", chosen")
    await phone_b.tap(f"Touch {word}")
    assert await second_b.until_says("You found an agent.")
    assert await phone_a.until_says("B found an agent.")
    assert not second_b.says(f"Touch {word}?")  # the choice ended with the touch


@at_the_table
async def test_a_phone_named_by_its_player_shows_on_its_sides_phones_and_in_the_history(
    table: Table,
) -> None:
    """A side's phones by the names their players gave them; the other side's phones are
    not told them; a refusal stays on the field with the text; the attempt keeps them."""
    phone_a, phone_b, code = await deal_and_join(table)
    await phone_a.tap("Add a phone to side A")
    second_a = await Phone(link_on(phone_a)).open()
    assert await phone_a.until_says("2 phones hold side A.")
    await second_a.tap("Name this phone")
    await second_a.type("This phone's player", "Ann \U0001f600")
    await second_a.tap("Save the name")
    assert await second_a.until_says("A phone's name cannot hold emoji or symbols")
    assert second_a.says("Ann \U0001f600")  # the text stays, to be mended
    await second_a.type("This phone's player", "Ann")
    await second_a.tap("Save the name")
    assert await phone_a.until_says("Phone 1 (this phone) · Phone 2: Ann")
    assert await second_a.until_says("Phone 1 · Phone 2: Ann (this phone)")
    assert second_a.says("Rename this phone")
    assert phone_b.says("1 phone holds side B.") and not phone_b.says("Ann")
    await phone_b.tap("Name this phone")
    await phone_b.submit("This phone's player", "Cy")
    assert await phone_b.until_says("Phone 1: Cy (this phone)")
    assert not any("Cy" in text for text in (*phone_a.texts(), *second_a.texts()))
    await give_clue(phone_a, "tree")
    assassin = card_of(table, code).a.index("X")
    await second_a.tap_cell(*seat_of(A, assassin))  # B touched A's assassin: the end
    assert await phone_b.until_says("Home")
    await phone_b.go("/history")
    assert await phone_b.until_says("Side A: a phone, Ann · Side B: Cy")


@at_the_table
async def test_a_french_phone_names_itself_in_french(table: Table) -> None:
    _phone_a, phone_b, code = await deal_and_join(table)
    game = table.find(code)
    assert game is not None
    french = await Phone(
        f"/game/{game.public_id}", storage={**phone_b.storage, LANGUAGE_KEY: "fr"}
    ).open()
    await french.tap("Nommer ce téléphone")
    assert french.says("Les téléphones de votre côté l'affichent")
    seen = _english_on(french)
    await french.submit("Le joueur de ce téléphone", "Chloé")
    assert await french.until_says("Téléphone 1 : Chloé (ce téléphone)")
    assert french.says("Renommer ce téléphone")
    assert seen + _english_on(french) == []
