"""Whole Duet games played by seats that see only their own side (bench_partner.py's play
figures): the app's partner on both sides, or its clues guessed by a guesser built on another
model (English: GloVe 6B 50d, bench/partner_glove_en.npz; French: multilingual E5,
bench/partner_e5_fr.npz; never shipped in the app)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import numpy as np

from gadget.engine import (
    GameState,
    Guess,
    LossReason,
    Phase,
    Player,
    Setup,
    Stop,
    apply,
    new_game,
    view_for,
)
from gadget.engine.keycard import generate_v1
from gadget.engine.words import deal_words, folded, newest_list
from gadget.partner.player import partner_clue, partner_touch
from gadget.partner.reading import Reader
from gadget.partner.seat import PastClue, Seat
from gadget.services.clue_check import clue_flags

#: Each language's independent guesser: its file and the name of its vectors there.
GUESSERS = {
    "en": (Path(__file__).with_name("partner_glove_en.npz"), "glove"),
    "fr": (Path(__file__).with_name("partner_e5_fr.npz"), "e5"),
}
#: A guesser: the seat's phone, and the cell it touches next (None: it stops).
Toucher = Callable[[Seat], int | None]


class Independent:
    """A guesser that reads clues with one model the app does not use (GloVe, E5)."""

    def __init__(self, language: str = "en") -> None:
        path, name = GUESSERS[language]
        with np.load(path, allow_pickle=False) as stored:
            words = bytes(stored["words"]).decode().split("\n")
            vectors = stored[name].astype(np.float32)
        lengths = np.linalg.norm(vectors, axis=1, keepdims=True)
        self.vectors = vectors / np.maximum(lengths, 1e-12)
        self.row: dict[str, int] = {}
        for row, word in enumerate(words):
            self.row.setdefault(folded(word), row)

    def ranked(self, clue: str, words: Sequence[str]) -> list[str]:
        """The words, the one most like the clue first; a word GloVe does not know comes last,
        and a clue it does not know leaves the words as they are."""
        clue_row = self.row.get(folded(clue))
        if clue_row is None:
            return list(words)
        clue_vector = self.vectors[clue_row]
        scores = [
            float(self.vectors[self.row[folded(word)]] @ clue_vector)
            if folded(word) in self.row
            else -2.0
            for word in words
        ]
        order = sorted(range(len(words)), key=lambda place: -scores[place])
        return [words[place] for place in order]

    def toucher(self) -> Toucher:
        """Touches the clue's number of words, most alike first, then stops; in sudden death,
        the word nearest the partner's last clue."""

        def touch(seat: Seat) -> int | None:
            view = seat.view
            cells = sorted(view.mine_to_touch)
            words = [seat.words[cell] for cell in cells]
            if view.phase is Phase.SUDDEN_DEATH:
                theirs = [
                    past.clue.word for past in seat.past if past.clue.by is view.player.partner
                ]
                best = self.ranked(theirs[-1] if theirs else "", words)[0]
                return cells[words.index(best)]
            clue = view.clue
            wanted = (clue.number or 1) if clue is not None else 1
            if seat.found_this_turn >= wanted:
                return None
            best = self.ranked(clue.word if clue is not None else "", words)[0]
            return cells[words.index(best)]

        return touch


@dataclass(frozen=True, slots=True)
class Played:
    """How one game ended: won, turns used (clues given), and whether an assassin ended it."""

    won: bool
    turns: int
    assassin: bool


def allowed(word: str, uncovered: tuple[str, ...], language: str = "en") -> bool:
    """The table's clue rule (services/clue_check.py): no clash with an uncovered word."""
    return not clue_flags(word, uncovered, language)


def play(
    lexicon: Reader, seed: int, guesser: Toucher | None = None, setup: Setup | None = None
) -> Played:
    """One game of the app's partner with itself (or with `guesser` touching for its clues):
    card and words dealt from the seed, A gives the first clue."""
    words = deal_words(newest_list(lexicon.language).words, seed)
    rule = partial(allowed, language=lexicon.language)
    state = new_game(generate_v1(seed), setup or Setup())
    past: list[PastClue] = []
    found_before = 0
    touch = guesser or (lambda seat: partner_touch(lexicon, seat))
    while not state.is_over:
        if state.phase is Phase.CLUE:
            giver = state.next_clue_giver or Player.A
            if not state.words_to_give_mask(giver):
                giver = giver.partner
            seat = Seat(view_for(state, giver), words, tuple(past))
            state = apply(state, partner_clue(lexicon, seat, rule))
            found_before = state.agents_found
            continue
        player = _guesser(state)
        seat = Seat(view_for(state, player), words, tuple(past), state.agents_found - found_before)
        cell = touch(seat)
        clue = state.clue
        state = apply(state, Stop(player) if cell is None else Guess(player, cell))
        if clue is not None and state.clue is None:  # the turn ended: its clue joins the past
            past.append(PastClue(clue, state.agents_found - found_before))
    return Played(
        won=state.outcome is not None and state.reason is None,
        turns=state.turns_played,
        assassin=state.reason is LossReason.ASSASSIN,
    )


def _guesser(state: GameState) -> Player:
    """Who touches now: the clue's receiver, or in sudden death a player whose partner still
    has green words."""
    if state.phase is Phase.SUDDEN_DEATH:
        return next(player for player in Player if state.words_to_give_mask(player.partner))
    assert state.guesser is not None
    return state.guesser


__all__ = ["Independent", "Played", "allowed", "play"]
