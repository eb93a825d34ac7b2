"""The partner at its seat: the clue it gives or the cell it touches, from what its side's
phone shows (a Seat), never the other side."""

from __future__ import annotations

from collections.abc import Callable

from gadget.engine import CELLS, Clue, Phase, PlayerView
from gadget.engine.keycard import Colour
from gadget.partner.guessing import GuessingTurn, next_touch
from gadget.partner.reading import PartnerError, Reader
from gadget.partner.seat import Seat


def partner_clue(
    lexicon: Reader, seat: Seat, allowed: Callable[[str, tuple[str, ...]], bool]
) -> Clue:
    """The clue the partner gives from its side: for its green words its partner may still
    touch, far from its assassins and bystanders; `allowed(word, uncovered)` is the table's
    clue rule."""
    view = seat.view
    if not view.i_may_give_clue:
        raise PartnerError("it is not the partner's turn to give a clue")
    touchable = [
        cell
        for cell in range(CELLS)
        if cell not in view.found and cell not in view.marks_by_partner
    ]
    by_colour: dict[str, list[str]] = {colour: [] for colour in Colour}
    for cell in touchable:
        by_colour[view.own_side[cell]].append(seat.words[cell])
    uncovered = tuple(seat.words[cell] for cell in range(CELLS) if cell not in _covered(view))
    given = lexicon.give_clue(
        by_colour[Colour.GREEN],
        by_colour[Colour.BLACK],
        by_colour[Colour.TAN],
        allowed=lambda word: allowed(word, uncovered),
        given_before=[past.clue.word for past in seat.past],
    )
    return Clue(view.player, given.word, given.number)


def partner_touch(lexicon: Reader, seat: Seat) -> int | None:
    """The cell (A's frame) the partner touches next, or None when it stops."""
    view = seat.view
    if not view.i_may_guess:
        raise PartnerError("it is not the partner's turn to guess")
    cells = sorted(view.mine_to_touch)
    words = tuple(seat.words[cell] for cell in cells)
    partners = [past for past in seat.past if past.clue.by is view.player.partner]
    sudden_death = view.phase is Phase.SUDDEN_DEATH
    leftovers = tuple(
        past.clue.word for past in reversed(partners) if (past.clue.number or 0) > past.found
    )
    clue = view.clue
    turn = GuessingTurn(
        clue=clue.word if clue is not None and not sudden_death else "",
        number=clue.number if clue is not None else None,
        uncovered=words,
        touched=seat.found_this_turn,
        earlier=tuple(past.clue.word for past in reversed(partners)) if sudden_death else leftovers,
        sudden_death=sudden_death,
        risky=frozenset(seat.words[cell] for cell in cells if view.own_side[cell] == Colour.BLACK),
    )
    if not turn.sudden_death and not turn.clue.strip():
        raise PartnerError("the partner needs a clue with a word to guess from")
    touched = next_touch(lexicon, turn)
    return None if touched is None else cells[words.index(touched)]


def _covered(view: PlayerView) -> frozenset[int]:
    """Cells covered on the table: an agent, or a bystander from each side."""
    return view.found | (view.marks_by_me & view.marks_by_partner)
