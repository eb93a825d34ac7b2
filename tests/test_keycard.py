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
    (0, "-GG-G-X-XG-G--G--GG---G-X", "XGG---G----XG-G-G---GG-GX"),
    (1, "G--G---GGX-XX--G-GGG---G-", "-GX----GGGGX-G---XG-G---G"),
    (2, "---X-G--G-GGGG--GX----GGX", "G--G---G-GG--GGGX-X----GX"),
    (3, "-----GGGX-XG--GGG-G----XG", "--G--G---GX-GGGG---G-X-GX"),
    (7, "-XG---GGGG-GG--XG--G-X---", "-XGGX---GG--XGGG--G-----G"),
    (42, "-G-G--GGGGX-X---G-XG--G--", "-X-GG----GX--G-X-GGG-G--G"),
    (99, "G---XGX---GG-GG-GG--X---G", "GG-G--G-GX-G-G-G----X--GX"),
    (1000, "GGG--G-------GX-XG-G--XGG", "GGX-G-GG----G--XG---G-X-G"),
    (65535, "--GG-XXGGXG--G-G---G---G-", "XGG---G--XG---G--GGG--GX-"),
    (123456789, "GXXG--G-G--G--G-G-G---XG-", "X-G-G-GGGG--X---G--G-GX--"),
    (4294967296, "X-G----G-XG---G-G-XGGG--G", "-G--X-GX-G-G-GG-G-X-G--G-"),
    (2199023255552, "---G---GG-G-G--GXGX-GG--X", "-GG--GXX--GGG---X-G-G--G-"),
    (4398046511103, "------G-GG-X-G-GG-XGXG-G-", "--G--XGGX-GG--GG-G--X--G-"),
    (31337, "--GG--X---GGGG---G-GX-GX-", "-X--G--G----G-GG-X-GXGGG-"),
    (271828, "-X---G---GX---G--GGXGG-GG", "-X--GXGX-GGG-G--G---GG---"),
    (314159, "G-----GGXXGG-G-GG--G--X--", "--GG-GX-X-GG--G--X-G-GG--"),
    (5551212, "G-GXG------XX-GG---GG-G-G", "GG-GX--G-GGX-X-GG---G----"),
    (9876543210, "GG---X---X--GGG-GX--G-GG-", "G-G-GX---GGG-X-XG-G---G--"),
    (1234567890123, "GXX--GGG---G--X-GG--G--G-", "-GXGG--G-G-XX----GG----GG"),
    (77777777777, "GGG--X-X----G--GXG-G-G--G", "-------XX--GGG-XG-G-GG-GG"),
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
        ("GGGGGGGGGXXX----B--------", "GGGX-----GX-GGGGGX-------", "side a cell 16 is 'B'"),
        ("GGGGGGGGGXXX-------------", "GGGX-----GX-GGGGGX----- -", "side b cell 23 is ' '"),
        (
            "GGGGGGGGGXXX-------------",
            "GGGG-----GX-GGGG-X-------",
            "4 cells are green on A and green on B (a key card has 3)",
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
