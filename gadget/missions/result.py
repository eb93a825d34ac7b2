"""A result told by hand: a game played without the app's table (on the static site, or with
the publisher's gadget) counts for a mission by what the players say of its end.

The rule book scores it from the same three numbers as a game the table saw: tokens left in
the time bank, stop tokens (the winning turn's included) and whether sudden death was needed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gadget.engine.errors import GadgetError, Message
from gadget.engine.score import result_score
from gadget.missions.map import Mission


class ResultError(GadgetError):
    """A told result its mission's time bank could not have given, or one badly written."""


@dataclass(frozen=True, slots=True)
class Result:
    """A finished game as the players tell it on the result form."""

    won: bool
    tokens_left: int = 0
    stops: int = 0
    sudden_death: bool = False

    def check(self, mission: Mission) -> None:
        """Refuse a result the city's time bank could not have given, naming the value."""
        self.check_bank(mission.turns, Message(mission.name, context="city"))

    def check_bank(self, turns: int, bank: Message) -> None:
        """Refuse a result a game of `turns` tokens (`bank` names it: a city, this game)
        could not have given, naming the value."""
        for name, value in (
            (Message("tokens left"), self.tokens_left),
            (Message("stops"), self.stops),
        ):
            if not 0 <= value <= turns:
                raise ResultError(
                    "{name}: {value} is outside 0..{turns} ({bank} has {turns} tokens)",
                    name=name,
                    value=value,
                    turns=turns,
                    bank=bank,
                )
        if self.tokens_left + self.stops > turns:
            raise ResultError(
                "tokens left ({left}) and stops ({stops}) add up to more than the {turns}"
                " tokens of {bank}",
                left=self.tokens_left,
                stops=self.stops,
                turns=turns,
                bank=bank,
            )
        if self.sudden_death and self.tokens_left:
            raise ResultError(
                "sudden death comes only once the time bank is empty: tokens left must be 0,"
                " not {left}",
                left=self.tokens_left,
            )
        if self.won and not self.sudden_death and not self.stops:
            raise ResultError(
                "a game won before sudden death has at least 1 stop: the winning turn's token"
            )

    @property
    def score(self) -> int | None:
        """The rule book's score: 3 per token left, 1 per stop, -1 for sudden death."""
        return result_score(self.won, self.tokens_left, self.stops, self.sudden_death)

    def to_dict(self) -> dict[str, Any]:
        return {
            "tokens_left": self.tokens_left,
            "stops": self.stops,
            "sudden_death": self.sudden_death,
        }


def result_from_dict(raw: object, won: object, where: Message) -> Result:
    """A told result as a document writes it: {"tokens_left", "stops", "sudden_death"},
    beside the attempt's "won"."""
    if not isinstance(raw, Mapping) or not isinstance(won, bool):
        raise ResultError("{where}: needs a game log or a result", where=where)
    values = [raw.get("tokens_left"), raw.get("stops")]
    sudden_death = raw.get("sudden_death")
    if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 99 for v in values):
        raise ResultError("{where}: tokens_left and stops must be 0..99", where=where)
    if not isinstance(sudden_death, bool):
        raise ResultError("{where}: sudden_death must be true or false", where=where)
    return Result(won, int(raw["tokens_left"]), int(raw["stops"]), sudden_death)
