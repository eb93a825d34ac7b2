"""A clue the partner's phone cannot draw is refused in one line, as a word list refuses
the same word (an outsider gave "漢字" at the table: the partner's phone showed empty
boxes); a clue of Latin, Greek or Cyrillic letters goes through, and a game saved with
such a clue before stays readable. Each failed before the check."""

from __future__ import annotations

from gadget.engine import Clue, GameLog, Player, Setup, parse_game_log, replay
from gadget.services.table import Table
from tests.cards import CODE_TEXT, TEST_CARD
from tests.phones import Phone
from tests.screens import at_the_table, deal_and_join, give_clue

A = Player.A


def refusal_on(phone: Phone, fragment: str) -> str:
    """The one line of the phone's screen that holds `fragment`."""
    lines = [text for text in phone.texts() if fragment in text]
    assert len(lines) == 1, phone.texts()
    return lines[0]


@at_the_table
async def test_a_clue_the_phones_cannot_draw_is_refused_and_the_turn_waits(table: Table) -> None:
    phone_a, phone_b, _code = await deal_and_join(table)
    await give_clue(phone_a, "漢字")
    line = refusal_on(phone_a, "cannot draw")
    assert "漢字" in line and "U+6F22" in line and "\n" not in line, line
    assert not phone_b.says("A gave the clue")  # nothing was given
    await give_clue(phone_a, "🙂")
    assert "U+1F642" in refusal_on(phone_a, "cannot draw")
    await give_clue(phone_a, "Ελιά")
    assert await phone_b.until_says("A gave the clue: Ελιά. You guess.")


@at_the_table
async def test_a_clue_holding_a_character_that_does_not_print_is_refused(table: Table) -> None:
    """An outsider's: a right-to-left override turned B's whole line around (".sseug uoY
    .live"), and a zero-width space made two clues look alike."""
    phone_a, phone_b, _code = await deal_and_join(table)
    for clue, code in (("\u202eevil", "U+202E"), ("ab\u200bc", "U+200B")):
        await give_clue(phone_a, clue)
        line = refusal_on(phone_a, "does not print")
        assert code in line and "\u202e" not in line, line
    assert not phone_b.says("A gave the clue")
    await give_clue(phone_a, "evil")
    assert await phone_b.until_says("A gave the clue: evil. You guess.")


@at_the_table
async def test_the_refusal_is_in_french_on_a_french_phone(table: Table) -> None:
    phone_a = await Phone("/", languages=["fr-FR"]).open()
    await phone_a.tap("Nouvelle partie")
    code = next(t for t in phone_a.texts() if CODE_TEXT.match(t))
    await Phone(f"/join/{code}", languages=["fr-FR"]).open()
    await phone_a.type("Indice", "漢字")
    await phone_a.tap("Donner l'indice")
    line = refusal_on(phone_a, "ne savent pas afficher")
    assert "U+6F22" in line and "émoji" in line, line


def test_a_game_saved_with_such_a_clue_is_still_read() -> None:
    """The check is on a clue being given, not on the rules a saved game is replayed by."""
    log = GameLog(TEST_CARD, Setup()).then(Clue(A, "漢字", 1))
    again = parse_game_log(log.to_json())
    assert replay(again).clue == Clue(A, "漢字", 1)
