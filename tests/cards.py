"""A key card laid out by hand so rule tests can name cells by what they are on each side."""

import re

from gadget.engine import KeyCard, Player
from gadget.engine.keycard import generate_v1

#        cells:  0-2 GG, 3 GX, 4-8 G-, 9 XG, 10 XX, 11 X-, 12-16 -G, 17 -X, 18-24 --
TEST_CARD = KeyCard(
    a="GGGGGGGGGXXX-------------",
    b="GGGX-----GX-GGGGGX-------",
)
GREEN_BOTH = (0, 1, 2)
GREEN_A_BLACK_B = 3
GREEN_A_TAN_B = (4, 5, 6, 7, 8)
BLACK_A_GREEN_B = 9
BLACK_BOTH = 10
BLACK_A_TAN_B = 11
TAN_A_GREEN_B = (12, 13, 14, 15, 16)
TAN_A_BLACK_B = 17
TAN_BOTH = (18, 19, 20, 21, 22, 23, 24)
GREEN_ON_A = (*GREEN_BOTH, GREEN_A_BLACK_B, *GREEN_A_TAN_B)
GREEN_ON_B = (*GREEN_BOTH, BLACK_A_GREEN_B, *TAN_A_GREEN_B)

# A share code as a screen shows it: two groups of five characters.
CODE_TEXT = re.compile(r"^[0-9A-Z]{5}-[0-9A-Z]{5}$")


def card_from_sides(seen_by_a: str, seen_by_b: str) -> KeyCard:
    """The whole card, put together from what phone A and phone B show (only a test sees
    both phones)."""
    return KeyCard(seen_by_a, seen_by_b[::-1])


def other_side_swapped(seed: int, kept: Player) -> tuple[KeyCard, KeyCard]:
    """Two cards with one side `kept` alike and the other side different: a green and another
    colour of the other side swapped under two cells the kept side colours alike (the rule
    book's pair counts hold). What a player holding `kept` sees of both is the same."""
    card = generate_v1(seed)
    keep, other = (card.a, list(card.b)) if kept is Player.A else (card.b, list(card.a))
    first, second = next(
        (one, two)
        for one in range(25)
        for two in range(one + 1, 25)
        if keep[one] == keep[two] and other[one] != other[two] and "G" in (other[one], other[two])
    )
    other[first], other[second] = other[second], other[first]
    changed = "".join(other)
    twin = KeyCard.parse(card.a, changed) if kept is Player.A else KeyCard.parse(changed, card.b)
    return card, twin
