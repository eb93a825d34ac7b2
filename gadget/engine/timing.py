"""The optional turn timer's settings and state: plain data, the same for a server's table and
for a phone on its own (the static site), so both time a turn alike."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from gadget.engine.countdown import Countdown
from gadget.engine.errors import GadgetError, Message


class SettingsError(GadgetError):
    """Timer settings a player typed that cannot be used."""


class Stretch(StrEnum):
    """What the turn timer is timing."""

    CLUE = "clue"
    GUESS = "guess"


SHORTEST, LONGEST = 5, 3600  # s: the times a timer allows, for any stretch or turn


def check_seconds(name: Message, seconds: object) -> None:
    """A timer's time as players may set it: a whole number of seconds, 5 s to 60 min (both
    games' timers, so that both refuse alike)."""
    if not isinstance(seconds, int) or isinstance(seconds, bool):
        raise SettingsError(
            "{name} {seconds!r} is not a whole number of seconds", name=name, seconds=seconds
        )
    if not SHORTEST <= seconds <= LONGEST:
        raise SettingsError("{name} {seconds} s is outside 5 s..60 min", name=name, seconds=seconds)


@dataclass(frozen=True, slots=True)
class TimerSettings:
    """The optional turn timer: off by default, separate times for the clue and the guesses."""

    enabled: bool = False
    clue_seconds: int = 120
    guess_seconds: int = 120

    def __post_init__(self) -> None:
        check_seconds(Message("the clue time"), self.clue_seconds)
        check_seconds(Message("the guess time"), self.guess_seconds)

    def seconds_for(self, stretch: Stretch) -> int:
        """How long this stretch of the turn may take."""
        return self.clue_seconds if stretch is Stretch.CLUE else self.guess_seconds


@dataclass(frozen=True, slots=True)
class TimerState(Countdown):
    """One timed stretch, the same on both phones: they read it from the server's clock."""

    settings: TimerSettings
    stretch: Stretch
    turn: int
    started_at: float
    paused_left: float | None = None

    @property
    def total(self) -> float:
        """This stretch's whole time."""
        return self.settings.seconds_for(self.stretch)
