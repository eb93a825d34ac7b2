"""The game as data: the time bank, the actions, the state of the table, and how it ends."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from gadget.engine.errors import (
    SetupError,
)
from gadget.engine.keycard import CELLS, KeyCard, Player

MAX_TOKENS: Final = 15  # the rule book's largest bank; share codes keep it in 4 bits
MAX_CLUE_NUMBER: Final = 9
MAX_CLUE_WORD: Final = 40  # characters: a clue is one word (or a name), said aloud anyway
MAX_REASON: Final = 200  # characters of an invalid clue's reason


class Phase(StrEnum):
    """What the table is waiting for."""

    CLUE = "clue"
    GUESSING = "guessing"
    SUDDEN_DEATH = "sudden_death"
    OVER = "over"


class Status(StrEnum):
    """Whether the game still runs, and how it ended."""

    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


class LossReason(StrEnum):
    """Why a lost game was lost."""

    ASSASSIN = "assassin"
    SUDDEN_DEATH = "sudden_death"
    OUT_OF_TIME = "out_of_time"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended, as one value (python-chess's Outcome): won, or lost and why."""

    status: Status
    reason: LossReason | None = None

    def __post_init__(self) -> None:
        if self.status is Status.PLAYING:
            raise ValueError("an outcome is a won or a lost game, never one being played")
        if (self.status is Status.WON) != (self.reason is None):
            raise ValueError(f"a {self.status} game with reason {self.reason}: a loss has a reason")


WON: Final = Outcome(Status.WON)


@dataclass(frozen=True, slots=True)
class Setup:
    """The time bank a game starts with: `tokens` in all, `mistakes` of them bystander side up."""

    tokens: int = 9
    mistakes: int = 9
    looser_turn_order: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.tokens <= MAX_TOKENS:
            raise SetupError(
                "tokens {tokens} is outside 1..{max_tokens}",
                tokens=self.tokens,
                max_tokens=MAX_TOKENS,
            )
        if not 0 <= self.mistakes <= self.tokens:
            raise SetupError(
                "mistakes {mistakes} is outside 0..{tokens} (the tokens)",
                mistakes=self.mistakes,
                tokens=self.tokens,
            )


@dataclass(frozen=True, slots=True)
class TimeBank:
    """Timer tokens still in the bank, by the side they show."""

    checkmarks: int
    bystanders: int

    @property
    def total(self) -> int:
        """Tokens left: turns left before sudden death."""
        return self.checkmarks + self.bystanders

    def take_one(self) -> TimeBank:
        """A token taken to end a turn or discarded as a penalty: checkmark side first."""
        if self.checkmarks:
            return TimeBank(self.checkmarks - 1, self.bystanders)
        return TimeBank(0, self.bystanders - 1)

    def pay_mistake(self) -> TimeBank | None:
        """A bystander token, else two checkmark tokens; None when the team cannot pay."""
        if self.bystanders:
            return TimeBank(self.checkmarks, self.bystanders - 1)
        if self.checkmarks >= 2:
            return TimeBank(self.checkmarks - 2, 0)
        return None


@dataclass(frozen=True, slots=True)
class Clue:
    """One word and one number; either may be left out when nobody typed it in."""

    by: Player
    word: str = ""
    number: int | None = None


@dataclass(frozen=True, slots=True)
class Guess:
    """A touch of one cell (A's frame) by the guesser."""

    by: Player
    cell: int


@dataclass(frozen=True, slots=True)
class Stop:
    """The guesser ends the turn after a correct guess and takes a token."""

    by: Player


@dataclass(frozen=True, slots=True)
class Penalty:
    """The invalid-clue penalty: one token discarded right after the clue."""

    by: Player
    reason: str = ""


Action = Clue | Guess | Stop | Penalty


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything on the table; cell sets are bitmasks (bit i is cell i in A's frame)."""

    card: KeyCard
    setup: Setup
    bank: TimeBank
    phase: Phase = Phase.CLUE
    outcome: Outcome | None = None  # set exactly when the phase is OVER (checked by _evolve)
    found_mask: int = 0
    marks_by_a: int = 0
    marks_by_b: int = 0
    clue: Clue | None = None
    correct_this_turn: int = 0
    guesses_this_turn: int = 0
    penalised_this_turn: bool = False
    clue_givers: tuple[Player, ...] = ()
    stops: int = 0
    mistakes: int = 0
    sudden_death: bool = False

    @property
    def status(self) -> Status:
        """Playing, won or lost: read from the outcome, the one place the end is kept."""
        return self.outcome.status if self.outcome is not None else Status.PLAYING

    @property
    def reason(self) -> LossReason | None:
        """Why a lost game was lost."""
        return self.outcome.reason if self.outcome is not None else None

    @property
    def clue_giver(self) -> Player | None:
        """Who gave the clue of the turn under way (a clue is kept exactly while it is guessed)."""
        return self.clue.by if self.clue is not None else None

    @property
    def guesser(self) -> Player | None:
        """Who guesses in the turn under way."""
        giver = self.clue_giver
        return giver.partner if giver is not None else None

    @property
    def turns_played(self) -> int:
        """Clues given so far: a turn starts with its clue."""
        return len(self.clue_givers)

    @property
    def agents_found(self) -> int:
        """Cells covered by an agent card."""
        return self.found_mask.bit_count()

    @property
    def found(self) -> frozenset[int]:
        """Cells covered by an agent card."""
        return cells_of(self.found_mask)

    def marks_by(self, player: Player) -> int:
        """Cells this player hit as a bystander (judged by the partner's side)."""
        return self.marks_by_a if player is Player.A else self.marks_by_b

    @property
    def covered_mask(self) -> int:
        """Cells nobody may guess: an agent card, or a bystander mark from each side."""
        return self.found_mask | (self.marks_by_a & self.marks_by_b)

    def words_to_give_mask(self, player: Player) -> int:
        """Uncovered cells green on this player's side: what they still want found."""
        return self.card.green_mask(player) & ~self.found_mask

    def words_left(self, player: Player) -> int:
        """How many words this player still gives clues for."""
        return self.words_to_give_mask(player).bit_count()

    @property
    def is_over(self) -> bool:
        """The game has been won or lost."""
        return self.phase is Phase.OVER

    @property
    def next_clue_giver(self) -> Player | None:
        """Who must give the next clue, or None when either may or nobody can."""
        if self.phase in (Phase.SUDDEN_DEATH, Phase.OVER):
            return None
        able = [p for p in Player if self.words_to_give_mask(p)]
        if len(able) == 1:
            return able[0]
        if not self.clue_givers:
            return None
        last = self.clue_givers[-1]
        if not self.setup.looser_turn_order:
            return last.partner
        if len(self.clue_givers) >= 2 and self.clue_givers[-2] is last:
            return last.partner
        return None


def cells_of(mask: int) -> frozenset[int]:
    """The cells whose bits are set in a mask."""
    return frozenset(cell for cell in range(CELLS) if mask >> cell & 1)


def new_game(card: KeyCard, setup: Setup | None = None) -> GameState:
    """A game at its first clue, with the mission's time bank laid out."""
    setup = setup or Setup()
    bank = TimeBank(checkmarks=setup.tokens - setup.mistakes, bystanders=setup.mistakes)
    return GameState(card=card, setup=setup, bank=bank)
