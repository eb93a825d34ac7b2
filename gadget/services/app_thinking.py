"""The app's decision at its seat, worked out in the server's worker process: the partner's
lexicon and its libraries load there, once, never on the phones' event loop."""

from __future__ import annotations

from gadget.engine import Action, Guess, Player, Stop
from gadget.partner.lexicon import language_of_words, lexicon
from gadget.partner.player import partner_clue, partner_touch
from gadget.partner.seat import Seat
from gadget.services.clue_check import clue_flags


def decide(seat: Seat, side: Player, language: str) -> Action:
    """The app's action from its seat: its clue, its next touch, or its stop ("": the
    players' own words, in the language whose lexicon holds more of them)."""
    language = language or language_of_words(seat.words)
    partner = lexicon(language)
    if seat.view.i_may_give_clue:
        return partner_clue(
            partner, seat, lambda word, uncovered: not clue_flags(word, uncovered, language)
        )
    cell = partner_touch(partner, seat)
    return Stop(side) if cell is None else Guess(side, cell)
