"""What one player may see: the table plus their own side, never the partner's while it runs."""

from __future__ import annotations

from dataclasses import dataclass

from gadget.engine.keycard import CELLS, Colour, KeyCard, Player, seat_index
from gadget.engine.score import official_score
from gadget.engine.sharecode import ShareCode
from gadget.engine.state import (
    Clue,
    GameState,
    LossReason,
    Phase,
    Setup,
    Status,
    cells_of,
    new_game,
)


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A phone's share of the game: cells in A's frame, `seat_cells` to lay them out."""

    player: Player
    own_side: str
    partner_side: str | None
    found: frozenset[int]
    marks_by_me: frozenset[int]
    marks_by_partner: frozenset[int]
    checkmark_tokens: int
    bystander_tokens: int
    phase: Phase
    status: Status
    reason: LossReason | None
    clue: Clue | None
    next_clue_giver: Player | None
    turns_played: int
    agents_found: int
    words_i_give: int
    partner_is_done: bool
    i_may_guess: bool
    score: int | None
    clue_giver: Player | None
    i_may_give_clue: bool
    i_record_guesses: bool
    partner_may_stop: bool
    penalty_open: bool
    touchable: frozenset[int]
    # Playing apart: the cells this player may touch now, known from the table alone.
    mine_to_touch: frozenset[int] = frozenset()
    i_may_stop: bool = False

    @property
    def seat_cells(self) -> tuple[int, ...]:
        """Cells (A's frame) in the order this player reads them from their seat."""
        return tuple(seat_index(self.player, position) for position in range(CELLS))


def view_for(state: GameState, player: Player) -> PlayerView:
    """Only what this player sees at the table: the partner's colours stay hidden until the end.

    The partner's count of words left is withheld too (the rule book forbids telling it),
    except that a player with none left says so.
    """
    partner = player.partner
    if state.phase is Phase.SUDDEN_DEATH:
        may_guess = bool(state.words_to_give_mask(partner))
        records = bool(state.words_to_give_mask(player))
    else:
        may_guess = state.guesser is player
        records = state.clue_giver is player
    # The cells the partner may still touch: this phone records those touches.
    touchable = (
        cells_of(~(state.covered_mask | state.marks_by(partner))) if records else frozenset()
    )
    guessing = state.phase is Phase.GUESSING
    mine = cells_of(~(state.covered_mask | state.marks_by(player))) if may_guess else frozenset()
    return PlayerView(
        player=player,
        own_side=state.card.side(player),
        partner_side=state.card.side(partner) if state.is_over else None,
        found=state.found,
        marks_by_me=cells_of(state.marks_by(player)),
        marks_by_partner=cells_of(state.marks_by(partner)),
        checkmark_tokens=state.bank.checkmarks,
        bystander_tokens=state.bank.bystanders,
        phase=state.phase,
        status=state.status,
        reason=state.reason,
        clue=state.clue,
        next_clue_giver=state.next_clue_giver,
        turns_played=state.turns_played,
        agents_found=state.agents_found,
        words_i_give=state.words_left(player),
        partner_is_done=not state.words_to_give_mask(partner),
        i_may_guess=may_guess,
        score=official_score(state),
        clue_giver=state.clue_giver,
        i_may_give_clue=state.phase is Phase.CLUE
        and bool(state.words_to_give_mask(player))
        and state.next_clue_giver in (None, player),
        i_record_guesses=records,
        partner_may_stop=guessing and records and bool(state.correct_this_turn),
        penalty_open=guessing and not state.guesses_this_turn and not state.penalised_this_turn,
        touchable=touchable,
        mine_to_touch=mine,
        i_may_stop=guessing and may_guess and bool(state.correct_this_turn),
    )


# Over each colour of side B, the colours a side A puts there, in the rule book's counts.
_STAND_IN: dict[str, str] = {
    Colour.GREEN: "GGGX-----",
    Colour.BLACK: "GX-",
    Colour.TAN: "GGGGGX-------",
}


def side_alone(code: ShareCode) -> PlayerView:
    """Side B before the first clue, from its code alone, where no table holds the game.

    Nothing of side A is in a view of a game not yet over, so a stand-in side A with the
    rule book's pair counts gives exactly the view the real card gives.
    """
    next_colour = {colour: iter(over) for colour, over in _STAND_IN.items()}
    stand_in_a = "".join(next(next_colour[colour]) for colour in code.side_b)
    card = KeyCard(stand_in_a, code.side_b)
    view = view_for(new_game(card, Setup(code.tokens, code.mistakes)), Player.B)
    if view.partner_side is not None:  # only a game that is over shows it
        raise AssertionError("a side alone showed a partner's side")
    return view
