"""The classic Codenames and Codenames Pictures key cards: one card that both spymasters see,
so its code carries the whole card, and its first character says which game it is for.

A card is its game, the team that starts (the colour around the printed card's border) and
its cells row by row as the spymasters see it from their side of the table. The code is
`ALPHABET`'s characters like a Duet code: the game's version character, the card as one
number (where the starting team's agents are, then the other team's among the cells left,
then the assassin among those left, then the starting team), and the check character that
refuses every typo.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from math import comb
from typing import Final

from gadget.engine.errors import KeyCardError, Message, ShareCodeError
from gadget.engine.prng import SplitMix64
from gadget.engine.sharecode import (
    CLASSIC_VERSION,
    GAME_NAMES,
    GAME_OF_VERSION,
    LENGTH,
    PICTURES_VERSION,
    ShareCode,
    code_characters,
    code_payload,
    colex_rank,
    colex_unrank,
    grouped,
)

_DATA_CHARS: Final = LENGTH - 2  # between the version character and the check character


class Game(StrEnum):
    """Which box the card is for: the code says it, so no game reads another's card."""

    CLASSIC = "classic"
    PICTURES = "pictures"

    @property
    def version(self) -> int:
        """The first character of this game's codes."""
        return CLASSIC_VERSION if self is Game.CLASSIC else PICTURES_VERSION


class Team(StrEnum):
    """The two teams of spymasters and operatives."""

    RED = "red"
    BLUE = "blue"

    @property
    def other(self) -> Team:
        """The team playing against this one."""
        return Team.BLUE if self is Team.RED else Team.RED

    @property
    def agent(self) -> Role:
        """The cells this team's operatives look for."""
        return Role.RED if self is Team.RED else Role.BLUE


# The teams as players name them, said in each player's language.
TEAM_NAMES: Final = {Team.RED: Message("the red team"), Team.BLUE: Message("the blue team")}


class Role(StrEnum):
    """What a cell of the card is, spelled as in the card's text form."""

    RED = "R"
    BLUE = "B"
    BYSTANDER = "-"
    ASSASSIN = "X"

    @property
    def team(self) -> Team | None:
        """The team whose agent this is, or None for a bystander or the assassin."""
        return Team.RED if self is Role.RED else Team.BLUE if self is Role.BLUE else None


@dataclass(frozen=True, slots=True)
class Layout:
    """A game's grid and the rule book's counts (and always one assassin)."""

    rows: int
    columns: int
    starting_agents: int
    other_agents: int
    bystanders: int

    @property
    def cells(self) -> int:
        """The cards on the table."""
        return self.rows * self.columns

    @property
    def layouts(self) -> int:
        """How many cards there are, for either starting team."""
        rest = self.cells - self.starting_agents
        return (
            comb(self.cells, self.starting_agents)
            * comb(rest, self.other_agents)
            * (rest - self.other_agents)
        )


# The rule books: classic 9 + 8 agents, 7 bystanders on 5x5; Pictures 8 + 7, 4 on 5x4.
LAYOUTS: Final = {
    Game.CLASSIC: Layout(rows=5, columns=5, starting_agents=9, other_agents=8, bystanders=7),
    Game.PICTURES: Layout(rows=4, columns=5, starting_agents=8, other_agents=7, bystanders=4),
}


@dataclass(frozen=True, slots=True)
class ClassicCard:
    """A classic or Pictures key card: the team that starts, and each cell's role, row-major
    as the spymasters see it."""

    game: Game
    starting: Team
    cells: str

    def __post_init__(self) -> None:
        layout = LAYOUTS[self.game]
        if len(self.cells) != layout.cells:
            raise KeyCardError(
                "a {game} card has {cells} cells, not {length}",
                game=GAME_NAMES[self.game.value],
                cells=layout.cells,
                length=len(self.cells),
            )
        strange = sorted(set(self.cells) - set(Role))
        if strange:
            raise KeyCardError(
                "{char!r} is not a cell of a card; use R (red), B (blue), - (bystander) or X"
                " (assassin)",
                char=strange[0],
            )
        counts = Counter(self.cells)
        wanted = {
            self.starting.agent: layout.starting_agents,
            self.starting.other.agent: layout.other_agents,
            Role.BYSTANDER: layout.bystanders,
            Role.ASSASSIN: 1,
        }
        for role, count in wanted.items():
            if counts[role] != count:
                raise KeyCardError(
                    "a {game} card starting with {team} has {wanted} cells {role}, not {count}",
                    game=GAME_NAMES[self.game.value],
                    team=TEAM_NAMES[self.starting],
                    wanted=count,
                    role=role.value,
                    count=counts[role],
                )

    @property
    def layout(self) -> Layout:
        """The game's grid and counts."""
        return LAYOUTS[self.game]

    def role(self, cell: int) -> Role:
        """What the cell is (row-major, as the spymasters see the card)."""
        return Role(self.cells[cell])

    def agents(self, team: Team) -> frozenset[int]:
        """The cells of this team's agents."""
        return frozenset(cell for cell, char in enumerate(self.cells) if char == team.agent)

    @property
    def assassin(self) -> int:
        """The cell of the assassin."""
        return self.cells.index(Role.ASSASSIN)

    def rows(self) -> list[str]:
        """The card's rows, first the one furthest from the spymasters."""
        width = self.layout.columns
        return [self.cells[start : start + width] for start in range(0, len(self.cells), width)]

    @property
    def code(self) -> str:
        """The code both spymasters' phones make this card from: 3ABCD-EFGH7."""
        payload = _rank(self) * 2 + (self.starting is Team.BLUE)
        data = [self.game.version] + [
            (payload >> (5 * shift)) & 31 for shift in range(_DATA_CHARS - 1, -1, -1)
        ]
        return grouped(data)

    @classmethod
    def from_code(cls, typed: str) -> ClassicCard:
        """The card a code makes, read as typed (any case, spaces and dashes ignored); a typo
        or a code for another game is refused, saying which."""
        values = code_characters(typed)
        game = GAME_OF_VERSION.get(values[0], "duet")
        if game not in (Game.CLASSIC, Game.PICTURES):
            raise ShareCodeError(
                "{typed!r} is a code for {game}, not for classic Codenames or Pictures",
                typed=typed.strip(),
                game=GAME_NAMES[game],
            )
        card_game = Game(game)
        payload = code_payload(values)
        if payload >= 2 * LAYOUTS[card_game].layouts:
            raise ShareCodeError(
                "{typed!r} is not a valid code: check for a typo", typed=typed.strip()
            )
        starting = Team.BLUE if payload & 1 else Team.RED
        return cls(card_game, starting, _cells_of_rank(card_game, starting, payload >> 1))


def parse_any(typed: str) -> ShareCode | ClassicCard:
    """Whatever game's code was typed: a Duet code's side B, or a classic or Pictures card
    (the first character says which; a typo is refused as in either)."""
    if GAME_OF_VERSION.get(code_characters(typed)[0]) in (Game.CLASSIC, Game.PICTURES):
        return ClassicCard.from_code(typed)
    return ShareCode.parse(typed)


def deal(game: Game, seed: int) -> ClassicCard:
    """The card a seed makes, the same on every device: the starting team drawn first, then a
    SplitMix64 Fisher-Yates shuffle of the roles in the rule book's order."""
    layout = LAYOUTS[game]
    random = SplitMix64(seed)
    starting = Team.BLUE if random.below(2) else Team.RED
    roles = (
        [starting.agent] * layout.starting_agents
        + [starting.other.agent] * layout.other_agents
        + [Role.BYSTANDER] * layout.bystanders
        + [Role.ASSASSIN]
    )
    random.shuffle(roles)
    return ClassicCard(game, starting, "".join(roles))


def _rank(card: ClassicCard) -> int:
    """The card's cells as one number below its layout's count."""
    layout = card.layout
    starting = [cell for cell, char in enumerate(card.cells) if char == card.starting.agent]
    rest = [cell for cell, char in enumerate(card.cells) if char != card.starting.agent]
    other = [
        place for place, cell in enumerate(rest) if card.cells[cell] == card.starting.other.agent
    ]
    left = [cell for cell in rest if card.cells[cell] != card.starting.other.agent]
    assassin = left.index(card.assassin)
    others_count = comb(len(rest), layout.other_agents)
    return (colex_rank(starting) * others_count + colex_rank(other)) * len(left) + assassin


def _cells_of_rank(game: Game, starting: Team, rank: int) -> str:
    """The cells a number names (0 <= rank < the layout's count)."""
    layout = LAYOUTS[game]
    rest_count = layout.cells - layout.starting_agents
    left_count = rest_count - layout.other_agents
    rank, assassin = divmod(rank, left_count)
    starting_rank, other_rank = divmod(rank, comb(rest_count, layout.other_agents))
    cells = [Role.BYSTANDER] * layout.cells
    for cell in colex_unrank(starting_rank, layout.starting_agents):
        cells[cell] = starting.agent
    rest = [cell for cell in range(layout.cells) if cells[cell] is Role.BYSTANDER]
    for place in colex_unrank(other_rank, layout.other_agents):
        cells[rest[place]] = starting.other.agent
    left = [cell for cell in rest if cells[cell] is Role.BYSTANDER]
    cells[left[assassin]] = Role.ASSASSIN
    return "".join(cells)


__all__ = [
    "GAME_NAMES",
    "TEAM_NAMES",
    "ClassicCard",
    "Game",
    "Layout",
    "Role",
    "Team",
    "deal",
    "parse_any",
]
