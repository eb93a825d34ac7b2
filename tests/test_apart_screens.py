"""Playing apart on two phones (Flet's real sessions, one server table): the words on both
phones, the clue typed on one and shown on the other, each touch chosen and confirmed on the
guesser's own phone, judged by the server, and the story at the end."""

from __future__ import annotations

import asyncio

import pytest

from gadget.engine import Colour, Player, ShareCode
from gadget.engine.words import newest_list
from gadget.services.table import Table, UndoRefusedError
from gadget.store import SeatError
from gadget.views.parts.shield import DEAF_SECONDS
from tests.phones import Phone, decoded_strings, device_of, new_device, seated
from tests.screens import at_the_table, seat_of

A, B = Player.A, Player.B


async def _apart_game(table: Table, tokens: int = 9) -> tuple[Phone, Phone, object]:
    """A game with English words dealt by phone A, and phone B seated on it."""
    storage = new_device()
    game = table.deal(tokens=tokens, words=newest_list("en").number, phone=device_of(storage))
    phone_a = await Phone(f"/game/{game.public_id}", storage=storage).open()
    phone_b = await seated(table.store, game, B)
    return phone_a, phone_b, game


def _cells(table: Table, game: object, side: Player, colour: Colour) -> list[int]:
    """Cells (A's frame) of this colour on that side: only the test reads the whole card."""
    card = table.game(game.id).log.card  # type: ignore[attr-defined]
    return [cell for cell in range(25) if card.side(side)[cell] == colour]


async def _give(phone: Phone, word: str, number: str) -> None:
    """Give the clue; one the checker flags against a word the random deal put on the table
    (OCEAN for "ocean", one deal in twenty) is given anyway, as the players may agree."""
    await phone.type("Clue (one word)", word)
    await phone.choose("No.", number)
    await phone.tap("Give clue")
    if phone.says("The rule book may forbid this clue:"):
        await asyncio.sleep(DEAF_SECONDS)  # read
        await phone.tap("Give clue")


async def _touch(phone: Phone, side: Player, cell: int, word: str) -> None:
    """Choose a word on this phone's card, then confirm it."""
    await phone.tap_cell(*seat_of(side, cell))
    assert await phone.until_says(f"Touch {word.upper()}?")
    await phone.tap(f"Touch {word.upper()}")


@at_the_table
async def test_two_phones_play_apart_with_the_words_on_both(table: Table) -> None:
    """The same words in the same places (B's turned round), the clue typed and shown at
    once, touches chosen and confirmed on the guesser's phone, a bystander that belongs to
    its toucher, a stop, undo, and the story at the end."""
    phone_a, phone_b, game = await _apart_game(table)
    words = table.game(game.id).log.words  # type: ignore[attr-defined]
    assert words is not None
    for cell, word in enumerate(words.words):
        for phone, side in ((phone_a, A), (phone_b, B)):
            assert (
                str(phone.cell(*seat_of(side, cell)).label)
                .split(": ")[1]
                .startswith(word.upper() + ",")
            )

    await _give(phone_a, "ocean", "2")
    assert await phone_b.until_says("A gave the clue: ocean 2. You guess.")
    # The clue giver's phone takes no touch played apart.
    green = _cells(table, game, A, Colour.GREEN)
    await phone_a.tap_cell(*seat_of(A, green[0]))
    assert not phone_a.says("Touch ")
    assert table.game(game.id).version == 1  # type: ignore[attr-defined]

    # A slip of the finger touches nothing: the word is only chosen.
    await phone_b.tap_cell(*seat_of(B, green[0]))
    assert await phone_b.until_says(f"Touch {words.words[green[0]].upper()}?")
    await phone_b.tap("Not this one")
    assert table.game(game.id).version == 1  # type: ignore[attr-defined]

    await _touch(phone_b, B, green[0], words.words[green[0]])
    assert await phone_a.until_says("agent found")
    assert "agent found" in str(phone_b.cell(*seat_of(B, green[0])).label)
    await phone_b.tap("Stop guessing")
    assert await phone_a.until_says("B gives the next clue.")

    await _give(phone_b, "forest", "1")
    assert await phone_a.until_says("B gave the clue: forest 1. You guess.")
    tan_b = [cell for cell in _cells(table, game, B, Colour.TAN) if cell != green[0]]
    await _touch(phone_a, A, tan_b[0], words.words[tan_b[0]])
    # A's bystander: on A's phone "your bystander", on B's "partner's bystander".
    assert await phone_b.until_says("partner's bystander")
    assert "your bystander" in str(phone_a.cell(*seat_of(A, tan_b[0])).label)
    # Undo takes the touch back, on both phones.
    await phone_a.tap("Undo")
    await phone_a.tap("Take it back")
    assert await phone_b.until_says("You gave the clue: forest 1. A guesses.")
    assert "partner's bystander" not in str(phone_b.cell(*seat_of(B, tan_b[0])).label)

    # The assassin on B's side, touched by A, ends the game; the story tells it all.
    black_b = next(c for c in _cells(table, game, B, Colour.BLACK) if c != green[0])  # uncovered
    await _touch(phone_a, A, black_b, words.words[black_b])
    assert await phone_b.until_says("The story of the game")
    assert phone_a.says("1. A's clue: OCEAN 2") and phone_a.says("2. B's clue: FOREST 1")
    assert phone_a.says(f"B touched {words.words[green[0]].upper()}")
    assert phone_b.says(f"A touched {words.words[black_b].upper()}")
    assert phone_a.says("B stopped guessing.")  # named (French said "A arrêté de deviner.")


@at_the_table
async def test_played_apart_the_end_that_showed_both_sides_is_not_taken_back(
    table: Table,
) -> None:
    """The outsider's peek: the guesser touched one of the partner's assassins, read the
    partner's whole side at the end, took the touch back alone and played on knowing it."""
    phone_a, phone_b, game = await _apart_game(table)
    words = table.game(game.id).log.words  # type: ignore[attr-defined]
    assert words is not None
    await _give(phone_a, "ocean", "2")
    assert await phone_b.until_says("A gave the clue: ocean 2. You guess.")
    black_a = _cells(table, game, A, Colour.BLACK)[0]
    await _touch(phone_b, B, black_a, words.words[black_a])
    assert await phone_a.until_says("The story of the game")
    assert await phone_b.until_says("The story of the game")
    for phone in (phone_a, phone_b):
        assert not phone.says("Undo"), phone.texts()
    over = table.game(game.id)  # type: ignore[attr-defined]
    with pytest.raises(UndoRefusedError, match="played apart and has ended"):
        table.undo(device_of(phone_b.storage), over.id, over.version)
    with pytest.raises(SeatError, match="holds no side"):  # a stranger learns nothing of it
        table.undo(device_of(new_device()), over.id, over.version)
    assert table.game(game.id).state.is_over  # type: ignore[attr-defined]


@at_the_table
async def test_the_guessers_phone_is_never_sent_the_partners_colours(table: Table) -> None:
    """Before the end, nothing of side A reaches phone B: only its own side and results."""
    phone_a, phone_b, game = await _apart_game(table)
    await _give(phone_a, "ocean", "2")
    words = table.game(game.id).log.words  # type: ignore[attr-defined]
    tan_a = _cells(table, game, A, Colour.TAN)[0]
    await _touch(phone_b, B, tan_a, words.words[tan_a])
    assert await phone_b.until_says("your bystander")
    sent = " ".join(decoded_strings(phone_b.connection.frames))
    assert "partner sees" not in sent
    assert table.game(game.id).log.card.a not in sent  # type: ignore[attr-defined]
    code = ShareCode.parse(table.game(game.id).log.code.text)  # type: ignore[attr-defined]
    assert code.words is not None  # the words travel in the code; the colours of A never


@at_the_table
async def test_a_clue_that_echoes_a_visible_word_is_flagged_before_it_is_sent(table: Table) -> None:
    """The giver sees why the rule book may forbid it, then gives it anyway or changes it;
    the partner may still call it invalid, which costs a token."""
    phone_a, phone_b, game = await _apart_game(table)
    words = table.game(game.id).log.words  # type: ignore[attr-defined]
    echo = words.words[7]
    await phone_a.type("Clue (one word)", echo + "s")
    await phone_a.choose("No.", "1")
    await phone_a.tap("Give clue")
    assert await phone_a.until_says("The rule book may forbid this clue:")
    assert table.game(game.id).version == 0  # type: ignore[attr-defined]
    await phone_a.tap("Give clue")  # at once: a double tap, or a bounce, is not "again"
    await phone_a.submit("Clue (one word)", echo + "s")  # nor Enter
    assert table.game(game.id).version == 0  # type: ignore[attr-defined]
    await asyncio.sleep(DEAF_SECONDS)  # the warning read
    await phone_a.tap("Give clue")  # the same clue again: the players agreed
    assert await phone_b.until_says(f"A gave the clue: {echo}s 1. You guess.")
    await phone_b.tap("Invalid clue: discard a token")
    assert await phone_a.until_says("8")  # the bank shows one token fewer
    assert table.game(game.id).state.bank.total == 8  # type: ignore[attr-defined]


@at_the_table
async def test_a_clue_changed_right_after_a_warning_is_given_at_once(table: Table) -> None:
    """Only the warned clue tapped again too soon is taken for a double tap: a clue with
    nothing to warn of, typed (or pasted) and given within that moment, is sent (an
    outsider's reading: it was dropped once, and a second tap gave it)."""
    phone_a, phone_b, game = await _apart_game(table)
    words = table.game(game.id).log.words  # type: ignore[attr-defined]
    await phone_a.type("Clue (one word)", words.words[7] + "s")
    await phone_a.choose("No.", "1")
    await phone_a.tap("Give clue")
    assert await phone_a.until_says("The rule book may forbid this clue:")
    await phone_a.type("Clue (one word)", "zyzzyva")  # nothing on the table is like it
    await phone_a.tap("Give clue")
    assert await phone_b.until_says("A gave the clue: zyzzyva 1. You guess.")


@at_the_table
async def test_a_clue_needs_one_word_and_a_number_played_apart(table: Table) -> None:
    phone_a, _phone_b, game = await _apart_game(table)
    await phone_a.type("Clue (one word)", "sea shell")
    await phone_a.choose("No.", "2")
    await phone_a.tap("Give clue")
    assert await phone_a.until_says("one word")
    await phone_a.type("Clue (one word)", "sea")
    await phone_a.tap("Give clue")
    if phone_a.says("The rule book may forbid this clue:"):  # SEA, SEAL... on the table
        await asyncio.sleep(DEAF_SECONDS)
        await phone_a.tap("Give clue")
    assert table.game(game.id).version == 1  # type: ignore[attr-defined]


@at_the_table
async def test_sudden_death_played_apart_each_touches_on_their_own_phone(table: Table) -> None:
    """With one token, the first turn's end brings sudden death: either player who still has
    words to find touches them on their own phone, and a bystander loses."""
    phone_a, phone_b, game = await _apart_game(table, tokens=1)
    words = table.game(game.id).log.words  # type: ignore[attr-defined]
    await _give(phone_a, "ocean", "1")
    tan_a = _cells(table, game, A, Colour.TAN)
    await _touch(phone_b, B, tan_a[0], words.words[tan_a[0]])
    assert await phone_a.until_says("Sudden death: each of you touches words on your own phone")
    assert not phone_a.says("tap it here")  # no phone records the other's touches apart
    green_b = [c for c in _cells(table, game, B, Colour.GREEN) if c not in tan_a[:1]]
    await _touch(phone_a, A, green_b[0], words.words[green_b[0]])
    assert await phone_b.until_says("agent found")
    tan_b = [c for c in _cells(table, game, B, Colour.TAN) if c != tan_a[0]]
    await _touch(phone_a, A, tan_b[0], words.words[tan_b[0]])
    assert await phone_b.until_says("The story of the game")
    assert phone_b.says("Sudden death")
