import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from gadget.engine import KeyCard, KeyCardError, Player, render_grid, seat_index
from gadget.engine.keycard import CANONICAL_PAIRS, PAIR_COUNTS, Colour, generate_v1
from gadget.engine.prng import SplitMix64

SAMPLES = 20_000
# Chi-square with 8 degrees of freedom (9 pair kinds), upper 0.1 % point.
CHI2_CRITICAL_DF8 = 26.124

# Frozen forever: version 1 of the generator must keep making exactly these cards.
GOLDEN_SEEDS = [
    (0, "G---GG--X--X--GGGG--G-G-X", "G-----XGG---G-GGX-GG-G--X"),
    (1, "G-G----XG-G--XGGGX---G-G-", "GG-------G-XGG-GXX-G---GG"),
    (2, "-GG-GGG-G-G--GX--G----X-X", "GG-XG-X----G-G--G-G---GGX"),
    (3, "XG--X-G--GGGG---X---G-G-G", "GG--XG-GXG---G---G---GG-X"),
    (7, "X-G-----G-GGG--XG-XGG--G-", "G-GGXGG-G---G-GX-------XG"),
    (42, "-G----G--GX-GXGGGX---G-G-", "G--G---G-G---GX-GX-G--XGG"),
    (99, "GX--G------G--XGG-XG-G-GG", "GG-G--G-G----GX--G-G-GX-X"),
    (1000, "-GXG-GGG-GG----X-X-G----G", "---X------GGX--G-XGGGG-GG"),
    (65535, "-GG--G---GG-XX--GG-X--GG-", "--GX--G-GX--GXG-GGG--G---"),
    (123456789, "GGGXX-----GG-G-X---G-GG--", "--GG-G-GGG-----XX-GX-GG--"),
    (4294967296, "GXG-GGG--G-G--------XG-XG", "GG-GGG-G------GG-XG--X-X-"),
    (2199023255552, "GG---G-G-GX-GG--X-GG----X", "--G-GGX---XGGGGGG-X------"),
    (4398046511103, "-G-XGG-GG---GGG--G---XX--", "-G-GGG---GGG--X-G--XGX---"),
    (31337, "G-G-G-GX-----GX-GXGG-G---", "-GGX--GGGG-G----GX---XG--"),
    (271828, "GG-------G-X-G-X--GX-GGGG", "XG---G--G-GXX-G-G-GG--G--"),
    (314159, "GG--G---X-G-G--GX-G-X-GG-", "-G-XXGG----G--GGX-GGG----"),
    (5551212, "------X-X--XG-G-GG-GGGG-G", "G------GG-XXGGGG-X----GG-"),
    (9876543210, "GGX-G-GG---G-----GX-XGG--", "-GGX---X-G--GG--GG-GXG---"),
    (1234567890123, "-G-G---GG-G----G--GGXXXG-", "G--XXG-----G----G-GG-GXGG"),
    (77777777777, "-G---GG--GX-GG-XG----G-XG", "-XGX---G-G-G-G-G--GG---XG"),
]


@pytest.mark.parametrize(("seed", "side_a", "side_b"), GOLDEN_SEEDS)
def test_version_1_generator_makes_the_frozen_card_for_each_golden_seed(
    seed: int, side_a: str, side_b: str
) -> None:
    assert generate_v1(seed) == KeyCard(side_a, side_b)


def _pair_counts(card: KeyCard) -> Counter[tuple[str, str]]:
    return Counter(zip(card.a, card.b, strict=True))


EXPECTED_PAIRS = Counter({(a.value, b.value): n for (a, b), n in PAIR_COUNTS.items()})


def test_the_rule_book_table_has_25_cells_15_agents_and_9_greens_a_side() -> None:
    assert sum(PAIR_COUNTS.values()) == 25
    assert sum(n for pair, n in PAIR_COUNTS.items() if Colour.GREEN in pair) == 15
    for side in (0, 1):
        by_colour = Counter()
        for pair, n in PAIR_COUNTS.items():
            by_colour[pair[side]] += n
        assert by_colour == {Colour.GREEN: 9, Colour.BLACK: 3, Colour.TAN: 13}


def _chi_square_per_cell(make: Callable[[int], KeyCard]) -> list[float]:
    """Chi-square of each cell's (A, B) pair frequencies against the rule book's proportions."""
    per_cell = [Counter[tuple[str, str]]() for _ in range(25)]
    for seed in range(SAMPLES):
        card = make(seed)
        assert _pair_counts(card) == EXPECTED_PAIRS, f"seed {seed} breaks the pair counts"
        for cell, pair in enumerate(zip(card.a, card.b, strict=True)):
            per_cell[cell][pair] += 1
    statistics = []
    for counts in per_cell:
        chi2 = 0.0
        for pair, n in EXPECTED_PAIRS.items():
            expected = SAMPLES * n / 25
            chi2 += (counts[pair] - expected) ** 2 / expected
        statistics.append(chi2)
    return statistics


def test_every_cell_takes_each_pair_as_often_as_the_rule_book_proportions_say() -> None:
    statistics = _chi_square_per_cell(generate_v1)
    assert max(statistics) < CHI2_CRITICAL_DF8, statistics


def _sattolo_card(seed: int) -> KeyCard:
    """A classic off-by-one shuffle (only cyclic permutations), to show the test can fail."""
    pairs = list(CANONICAL_PAIRS)
    prng = SplitMix64(seed)
    for top in range(len(pairs) - 1, 0, -1):
        pick = prng.below(top)
        pairs[top], pairs[pick] = pairs[pick], pairs[top]
    return KeyCard("".join(p[0] for p in pairs), "".join(p[1] for p in pairs))


def test_the_uniformity_check_catches_an_off_by_one_shuffle() -> None:
    statistics = _chi_square_per_cell(_sattolo_card)
    assert max(statistics) > CHI2_CRITICAL_DF8


def test_side_b_is_side_a_turned_half_way_round() -> None:
    card = generate_v1(42)
    seen_by_b = card.seen_from(Player.B)
    for row in range(5):
        for column in range(5):
            assert seen_by_b[row * 5 + column] == card.b[(4 - row) * 5 + (4 - column)]
    assert card.seen_from(Player.A) == card.a
    assert [seat_index(Player.B, cell) for cell in (0, 12, 24)] == [24, 12, 0]


def test_a_side_renders_as_five_rows_of_five() -> None:
    assert render_grid("GGGGGXXXXX-----GXGXG-----") == (
        "G G G G G\nX X X X X\n- - - - -\nG X G X G\n- - - - -"
    )


def test_every_card_of_the_printed_deck_passes_the_checks() -> None:
    deck = Path(__file__).resolve().parents[2] / "shared" / "data" / "official-keycards.txt"
    if not deck.exists():
        pytest.skip(f"reference deck not found at {deck}")
    lines = [line.split() for line in deck.read_text().splitlines() if line[:1].isdigit()]
    assert len(lines) == 100
    for _, side_a, side_b in lines:
        KeyCard.parse(side_a, side_b)


@pytest.mark.parametrize(
    ("side_a", "side_b", "reason"),
    [
        ("GGGGGGGGGXXX------------", "GGGX-----GX-GGGGGX-------", "side a has 24 characters"),
        ("GGGGGGGGGXXX-------------", "GGGX-----GX-GGGGGX--------", "side b has 26 characters"),
        ("GGGGGGGGGXXX----B--------", "GGGX-----GX-GGGGGX-------", "side a cell 16 is “B”"),
        ("GGGGGGGGGXXX-------------", "GGGX-----GX-GGGGGX----- -", "side b cell 23 is “ ”"),
        (
            "GGGGGGGGGXXX-------------",
            "GGGG-----GX-GGGG-X-------",
            "4 cells are green on A and green on B (a key card has 3)",
        ),
        (
            "GGGGGGGGGXXX-------------",
            "GGG------GX-GGGGGXX------",
            "0 cells are green on A and black on B (a key card has 1)",
        ),
        (
            "XGGGGGGGGXXX-------------",
            "GGGX-----GX-GGGGGX-------",
            "2 cells are green on A and green on B (a key card has 3);"
            " 2 cells are black on A and green on B (a key card has 1)",
        ),
    ],
)
def test_a_card_that_breaks_the_rules_is_refused_with_the_reason(
    side_a: str, side_b: str, reason: str
) -> None:
    with pytest.raises(KeyCardError, match=re.escape(reason)):
        KeyCard(side_a, side_b)


def test_typed_cards_forgive_lower_case_and_spaces() -> None:
    card = KeyCard.parse(" gggggggggxxx-------------", "gggx-----gx-gggggx------- ")
    assert card.a == "GGGGGGGGGXXX-------------"


def test_each_side_knows_its_own_assassins_and_greens() -> None:
    card = KeyCard("GGGGGGGGGXXX-------------", "GGGX-----GX-GGGGGX-------")
    assert card.black_mask(Player.A) == 0b111 << 9
    assert card.black_mask(Player.B) == 1 << 3 | 1 << 10 | 1 << 17
    assert card.green_mask(Player.A) == 0b111111111
    assert card.green_mask(Player.B) == 0b111 | 1 << 9 | 0b11111 << 12
    assert card.agent_mask == 0b111111111 | 1 << 9 | 0b11111 << 12


def test_a_card_shows_as_its_two_sides_and_nothing_else() -> None:
    card = KeyCard("GGGGGGGGGXXX-------------", "GGGX-----GX-GGGGGX-------")
    assert repr(card) == "KeyCard(a='GGGGGGGGGXXX-------------', b='GGGX-----GX-GGGGGX-------')"
