"""Four phones, two a side (issue 37), at one table and played apart, and a fifth browser
holding only the public code (Flet's real sessions, one server table): every frame each
phone is sent names only its own side's colours. A cell's label names its own colour first,
and the partner's only after the end ("partner sees"); the fifth is sent no cell at all."""

from __future__ import annotations

import re

from gadget.engine import Colour, KeyCard, Player
from gadget.services.table import Table
from tests.phones import Phone, decoded_strings
from tests.screens import at_the_table, card_of, deal_and_join, give_clue, seat_of
from tests.test_apart_screens import _apart_game, _cells, _give
from tests.test_side_phones_screens import link_on

A, B = Player.A, Player.B
# A cell as a phone is told it: its place from the phone's seat, its word if it has one,
# then the colour this phone's side sees there.
COLOURS = "(agent|assassin|bystander)"
CELL = re.compile(rf"^row ([1-5]) column ([1-5]): (?:{COLOURS}\b|[^,]*, {COLOURS}\b)")
LETTER = {"agent": "G", "assassin": "X", "bystander": "-"}


def told_cells(said: list[str]) -> list[tuple[int, str]]:
    """Every cell these strings (what a phone was sent) name: its place (from the phone's
    seat) and the colour the label names first."""
    told = []
    for text in said:
        found = CELL.match(text)
        if found:
            row, column, bare, worded = found.groups()
            told.append(((int(row) - 1) * 5 + int(column) - 1, LETTER[bare or worded]))
    return told


def own_colours_only(said: list[str], side: Player, card: KeyCard, over_at: int | None) -> None:
    """Each cell a phone of this side was sent is its side's colour there, and nothing of the
    partner's comes before the end (string `over_at` on; None: the game not over)."""
    told = told_cells(said)
    assert told, "no cell was sent: the check would pass on anything"
    own = card.seen_from(side)
    wrong = [(place, colour) for place, colour in told if own[place] != colour]
    assert not wrong, f"side {side.value}'s phone was sent {wrong}"
    before = said if over_at is None else said[:over_at]
    assert not any("partner sees" in text for text in before), side


def sent_only_its_own_side(phone: Phone, side: Player, card: KeyCard) -> None:
    """Every frame this phone was ever sent, the game not over."""
    own_colours_only(decoded_strings(phone.connection.frames), side, card, None)


async def second_phone(phone: Phone, side: Player) -> Phone:
    """Another phone of this phone's side, by the link it shows."""
    await phone.tap(f"Add a phone to side {side.value.upper()}")
    added = await Phone(link_on(phone)).open()
    assert await added.until_says(f"2 phones hold side {side.value.upper()}.")
    return added


@at_the_table
async def test_four_phones_at_one_table_each_sent_only_its_sides_colours(table: Table) -> None:
    """A's second phone gives the clue and records B's touch; B's second phone sees it at
    once; a fifth browser with the public code is offered a request, no seat, no card."""
    phone_a, phone_b, code = await deal_and_join(table)
    second_a, second_b = await second_phone(phone_a, A), await second_phone(phone_b, B)
    card = card_of(table, code)
    await give_clue(second_a, "tree")
    assert await second_b.until_says("A gave the clue: tree. You guess.")
    agent = card.a.index("G")
    await second_a.tap_cell(*seat_of(A, agent))
    for phone, said in (
        (second_b, "You found an agent."),
        (phone_b, "You found an agent."),
        (phone_a, "B found an agent."),
    ):
        assert await phone.until_says(said)
    fifth = await Phone(f"/join/{code.text}").open()
    assert await fifth.until_says("Ask to take over side B")
    assert not told_cells(decoded_strings(fifth.connection.frames))
    for phone, side in ((phone_a, A), (second_a, A), (phone_b, B), (second_b, B)):
        sent_only_its_own_side(phone, side, card)
        assert phone.says(f"2 phones hold side {side.value.upper()}.")  # the fifth took none


@at_the_table
async def test_four_phones_apart_b_s_second_chooses_b_s_first_confirms(table: Table) -> None:
    """Played apart: the word B's second phone chose is asked on both of B's phones, and
    never on A's; B's first phone confirms it; each phone sent only its side's colours."""
    phone_a, phone_b, game = await _apart_game(table)
    second_a, second_b = await second_phone(phone_a, A), await second_phone(phone_b, B)
    card = table.game(game.id).log.card  # type: ignore[attr-defined]
    words = table.game(game.id).log.words  # type: ignore[attr-defined]
    await _give(second_a, "ocean", "2")
    assert await second_b.until_says("A gave the clue: ocean 2. You guess.")
    green = next(c for c in _cells(table, game, A, Colour.GREEN) if card.b[c] != "G")
    word = words.words[green].upper()
    await second_b.tap_cell(*seat_of(B, green))
    assert await phone_b.until_says(f"Touch {word}?")
    await phone_b.tap(f"Touch {word}")
    for phone, said in ((second_b, "You found an agent."), (second_a, "B found an agent.")):
        assert await phone.until_says(said)
    for phone in (phone_a, second_a):
        assert not any(f"Touch {word}?" in s for s in decoded_strings(phone.connection.frames))
    for phone, side in ((phone_a, A), (second_a, A), (phone_b, B), (second_b, B)):
        sent_only_its_own_side(phone, side, card)
