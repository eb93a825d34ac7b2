import re
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gadget.engine import Deal, KeyCard, ShareCode, ShareCodeError
from gadget.engine.keycard import generate_v1
from gadget.engine.sharecode import (
    _DATA_CHARS,
    _WORDS_DATA_CHARS,
    ALPHABET,
    LENGTH,
    SIDE_LAYOUTS,
    VERSION,
    WORDS_VERSION,
    _check_value,
    _side_of_rank,
    colex_unrank,
    grouped,
    old_deal,
    v1_text,
)
from gadget.engine.state import MAX_TOKENS

# Current codes: side B and the bank. (code, the dealer's seed, tokens, mistakes, side B)
GOLDEN_CODES = [
    ("21PK2-F2CS6", 0, 9, 9, "G-----XGG---G-GGX-GG-G--X"),
    ("27QNQ-VJMSW", 1, 9, 9, "GG-------G-XGG-GXX-G---GG"),
    ("22CQG-9QWSW", 2**64 - 1, 9, 9, "G-GGGG-GX---XG-----G-XG--"),
    ("24E5Q-ETDJX", 12345, 11, 2, "-GG-GGG----XX----GG-XG-G-"),
    ("24RAK-3RM8V", 999999, 8, 8, "-XGGG-G-G--G--GX--X---GG-"),
    ("2246E-AWWN4", 31337, 9, 5, "-GGX--GGGG-G----GX---XG--"),
    ("2778C-JKK68", 4242424242, 6, 6, "-G--GXGG-G----X----GG-GXG"),
    ("216RT-2D7G0", 17, 15, 0, "--GX--G----GGXG--GGGG-X--"),
    ("27P0B-DSGG3", 0xDEADBEEFCAFEF00D, 1, 0, "-G---GG-GX-GX----GGX---GG"),
    # A check character of 0: about 1 code in 32 ends so (found by searching seeds).
    ("25XQV-NE4S0", 11, 9, 9, "GX--GX----GGG--G-XGG----G"),
]
# The first and the last of the 1,144,066,000 layouts a side B can have.
EDGE_CODES = [
    ("20000-004SG", 9, 9, "GGGGGGGGGXXX-------------"),
    ("28GRG-ZKZZR", 15, 15, "-------------XXXGGGGGGGGG"),
]
# Version 1 codes carried the seed (both sides): still read, as the side B they make.
GOLDEN_V1 = [
    ("1000-0000-04SK", 0, 9, 9, "G---GG--X--X--GGGG--G-G-X", "G-----XGG---G-GGX-GG-G--X"),
    ("1000-0000-0CSH", 1, 9, 9, "G-G----XG-G--XGGGX---G-G-", "GG-------G-XGG-GXX-G---GG"),
    ("1ZZZ-ZZZZ-ZWS1", 2**42 - 1, 9, 9, "-G-XGG-GG---GGG--G---XX--", "-G-GGG---GGG--X-G--XGX---"),
    ("1000-0030-EDJ9", 12345, 11, 2, "-GGG--XG--GGX-GG--GX-----", "-GG-GGG----XX----GG-XG-G-"),
    ("1000-07M4-FW8B", 999999, 8, 8, "-GXG-G-GG--G-G--X-X-GG---", "-XGGG-G-G--G--GX--X---GG-"),
    ("1000-007M-TCNZ", 31337, 9, 5, "G-G-G-GX-----GX-GXGG-G---", "-GGX--GGGG-G----GX---XG--"),
    ("100Z-KF43-CK6Y", 4242424242, 6, 6, "--G-G-G-G--G-XX-G-GGX--G-", "-G--GXGG-G----X----GG-GXG"),
    ("1000-0000-4FGE", 17, 15, 0, "-G--GG-----X-XGXG-GG--G-G", "--GX--G----GGXG--GGGG-X--"),
    ("1000-007Q-F4S0", 31676, 9, 9, "-----GG-X---GX-GGGG-G--GX", "-X----X-GGGGGXG-G---GG---"),
]

deals = st.builds(
    lambda seed, tokens, spare: Deal(seed, tokens, spare % (tokens + 1)),
    st.integers(0, 2**64 - 1),
    st.integers(1, 15),
    st.integers(0, 15),
)
codes = deals.map(lambda deal: deal.code)


def test_side_b_as_b_sees_it_from_the_opposite_seat_is_turned_half_way_round() -> None:
    code = Deal(2024).code
    assert code.seen_from_b() == code.side_b[::-1] != code.side_b


@pytest.mark.parametrize(("text", "seed", "tokens", "mistakes", "side_b"), GOLDEN_CODES)
def test_a_golden_code_carries_side_b_and_its_bank_and_nothing_else(
    text: str, seed: int, tokens: int, mistakes: int, side_b: str
) -> None:
    code = ShareCode.parse(text)
    assert code == ShareCode(side_b, tokens, mistakes)
    assert Deal(seed, tokens, mistakes).code.text == text
    assert Deal(seed).key_card().b == side_b
    assert old_deal(text) is None  # a current code carries no seed
    assert not hasattr(code, "seed") and not hasattr(code, "key_card")


@pytest.mark.parametrize(("text", "tokens", "mistakes", "side_b"), EDGE_CODES)
def test_the_first_and_last_layouts_have_their_codes(
    text: str, tokens: int, mistakes: int, side_b: str
) -> None:
    assert ShareCode(side_b, tokens, mistakes).text == text
    assert ShareCode.parse(text).side_b == side_b


def test_side_b_has_exactly_the_layouts_the_rule_book_allows_and_each_has_one_number() -> None:
    assert SIDE_LAYOUTS == comb(25, 9) * comb(16, 3) == 1_144_066_000 < 2**31
    for rank in (0, 1, 559, 560, 12345678, SIDE_LAYOUTS // 2, SIDE_LAYOUTS - 1):
        side = _side_of_rank(rank)
        assert (side.count("G"), side.count("X"), side.count("-")) == (9, 3, 13)
        assert ShareCode.parse(ShareCode(side).text).side_b == side


def test_given_side_b_about_31_million_sides_a_remain_possible() -> None:
    # Over B's 9 greens: 3 G, 1 X, 5 tan; over its 3 assassins: one of each; over its 13
    # tans: 5 G, 1 X, 7 tan (the rule book's pair counts).
    sides_a = comb(9, 3) * comb(6, 1) * 3 * 2 * 1 * comb(13, 5) * comb(8, 1)
    assert sides_a == 31_135_104


@pytest.mark.parametrize(("text", "seed", "tokens", "mistakes", "side_a", "side_b"), GOLDEN_V1)
def test_an_old_code_is_read_as_its_side_b_and_an_old_log_still_finds_its_seed(
    text: str, seed: int, tokens: int, mistakes: int, side_a: str, side_b: str
) -> None:
    assert ShareCode.parse(text) == ShareCode(side_b, tokens, mistakes)
    assert old_deal(text) == Deal(seed, tokens, mistakes)
    assert Deal(seed).key_card() == KeyCard(side_a, side_b) == generate_v1(seed)
    assert v1_text(Deal(seed, tokens, mistakes)) == text


@given(deals)
def test_every_code_round_trips_through_its_text(deal: Deal) -> None:
    assert ShareCode.parse(deal.code.text) == deal.code
    assert deal.code.side_b == deal.key_card().b


@given(codes)
def test_a_code_is_eleven_characters_of_an_unambiguous_alphabet(code: ShareCode) -> None:
    assert len(code.text) == 11 and code.text[5] == "-"
    assert set(code.text) <= set(ALPHABET) | {"-"}
    assert not set("ILOU") & set(code.text)


@given(codes, st.integers(0, LENGTH - 1), st.sampled_from(ALPHABET))
def test_any_single_wrong_character_is_refused_not_read_as_another_card(
    code: ShareCode, position: int, replacement: str
) -> None:
    chars = list(code.text.replace("-", ""))
    if chars[position] == replacement:
        return
    chars[position] = replacement
    with pytest.raises(ShareCodeError):
        ShareCode.parse("".join(chars))


@given(codes, st.integers(0, LENGTH - 2))
def test_any_swap_of_two_neighbouring_characters_is_refused(code: ShareCode, position: int) -> None:
    chars = list(code.text.replace("-", ""))
    if chars[position] == chars[position + 1]:
        return
    chars[position], chars[position + 1] = chars[position + 1], chars[position]
    with pytest.raises(ShareCodeError):
        ShareCode.parse("".join(chars))


def test_every_single_error_and_swap_of_one_code_is_caught_exhaustively() -> None:
    text = Deal(0x2A5F00C3E1B, 9, 5).code.text.replace("-", "")
    typos = {
        text[:i] + c + text[i + 1 :] for i in range(LENGTH) for c in ALPHABET if c != text[i]
    } | {
        text[:i] + text[i + 1] + text[i] + text[i + 2 :]
        for i in range(LENGTH - 1)
        if text[i] != text[i + 1]
    }
    assert len(typos) >= LENGTH * 31
    for typo in typos:
        with pytest.raises(ShareCodeError):
            ShareCode.parse(typo)


def test_typing_is_forgiving_about_case_spaces_hyphens_and_look_alikes() -> None:
    code = ShareCode.parse("21PK2-F2CS6")
    assert ShareCode.parse(" 21pk2 f2cs6 ") == code
    assert ShareCode.parse("21PK2F2-CS6") == code
    assert ShareCode.parse("1ooo 0000 04sk") == code  # the old code of the same card


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("", "the code is empty"),
        ("21PK2-F2CS", "the code has 9 characters; a code has 10"),
        ("2", "the code has 1 character; a code has 10 or 15 (not counting spaces and hyphens)"),
        ("21PK2-F2CS66", "the code has 11 characters; a code has 10"),
        ("1000-0000-04SKK", "the code has 13 characters"),
        ("21PK2-F2CSU", "character 10 of the code, “U”, is not a code character"),
        ("21PK2-F2CS!", "“!”, is not a code character"),
        ("21PK2-F2CS7", "is not a valid code: check for a typo"),
        ("1000-0000-04SM", "is not a valid code: check for a typo"),
    ],
)
def test_a_bad_code_is_refused_with_a_clear_reason(typed: str, reason: str) -> None:
    with pytest.raises(ShareCodeError, match=re.escape(reason)):
        ShareCode.parse(typed)


def _well_checked(data: list[int]) -> str:
    """A code text with a correct check character over arbitrary data values."""
    return "".join(ALPHABET[v] for v in [*data, _check_value(data)])


@pytest.mark.parametrize("length", [10, 12, 15])
def test_a_code_from_a_newer_version_asks_for_an_update(length: int) -> None:
    # 2 is Duet, 3 classic, 4 Pictures, 5 Duet with words
    text = _well_checked([6, *([0] * (length - 2))])
    with pytest.raises(ShareCodeError, match="code version 6 comes from a newer Gadget"):
        ShareCode.parse(text)


@pytest.mark.parametrize(
    "data",
    [
        [1, *([0] * 8)],  # version 1 is 12 characters long
        [2, *([0] * 10)],  # version 2 is 10
        [0, *([0] * 8)],  # there was never a version 0
        [2, *[ALPHABET.index(c) for c in "ZZZZZZZ"], 0o31],  # a side B past the last layout
    ],
)
def test_a_well_checked_code_that_names_no_card_is_refused(data: list[int]) -> None:
    with pytest.raises(ShareCodeError, match="is not a valid code: check for a typo"):
        ShareCode.parse(_well_checked(data))


@pytest.mark.parametrize(
    ("tokens", "mistakes", "reason"),
    [
        (0, 0, "code carries 0 tokens"),
        (16, 0, "code carries 16 tokens"),
        (9, 10, "code carries 10 mistakes with 9 tokens"),
        (9, -1, "code carries -1 mistakes with 9 tokens"),
    ],
)
def test_a_bank_a_code_cannot_carry_is_refused(tokens: int, mistakes: int, reason: str) -> None:
    with pytest.raises(ShareCodeError, match=reason):
        ShareCode(Deal(0).code.side_b, tokens, mistakes)
    with pytest.raises(ShareCodeError, match=reason):
        Deal(0, tokens, mistakes)


@pytest.mark.parametrize("seed", [2**64, -1])
def test_a_seed_outside_64_bits_is_refused(seed: int) -> None:
    with pytest.raises(ShareCodeError, match=f"seed {seed} is outside"):
        Deal(seed)


@pytest.mark.parametrize(
    "side",
    [
        "G" * 25,
        "GGGGGGGGGXXX------------",
        "GGGGGGGGGXX--------------",
        "GGGGGGGGGXXX-----------?-",
    ],
)
def test_a_side_b_no_card_has_is_refused(side: str) -> None:
    with pytest.raises(ShareCodeError, match="is not a side of a key card"):
        ShareCode(side)


@pytest.mark.parametrize("length", [10, 12])
def test_a_typed_code_that_decodes_to_an_impossible_bank_is_refused(length: int) -> None:
    text = _well_checked([{10: 2, 12: 1}[length], *([0] * (length - 2))])  # 0 tokens
    with pytest.raises(ShareCodeError, match="code carries 0 tokens"):
        ShareCode.parse(text)


def test_the_look_alikes_o_i_and_l_read_as_0_and_1_in_any_case() -> None:
    code = ShareCode.parse("216RT-2D7G0")
    for typed in ("2I6RT-2D7G0", "2i6rt-2d7gO", "2L6RT-2D7Go", "2l6rt-2d7g0"):
        assert ShareCode.parse(typed) == code


def test_a_code_without_a_bank_deals_the_standard_nine_tokens_all_bystander_side_up() -> None:
    side = Deal(5).code.side_b
    assert ShareCode(side) == ShareCode(side, tokens=9, mistakes=9)
    assert Deal(5) == Deal(5, tokens=9, mistakes=9)


def test_the_largest_bank_fits_the_four_bits_a_code_keeps_for_it() -> None:
    assert MAX_TOKENS < 16
    largest = ShareCode(_side_of_rank(SIDE_LAYOUTS - 1), tokens=MAX_TOKENS, mistakes=MAX_TOKENS)
    assert ShareCode.parse(largest.text) == largest


@pytest.mark.parametrize("dash", ["\u2010", "\u2011", "\u2013", "\u2014", "\u2212", "\uff0d"])
def test_a_code_typed_with_any_dash_reads_as_with_a_hyphen(dash: str) -> None:
    """A phone's keyboard turns "-" into an en dash as it is typed (an outsider's finding)."""
    typed = Deal(7, 9, 9).code.text
    assert ShareCode.parse(typed.replace("-", dash)) == ShareCode.parse(typed)


def test_a_code_typed_full_width_or_pasted_with_an_invisible_character_reads_as_itself() -> None:
    """A Japanese keyboard types the code in full-width letters, a chat's paste may carry a
    zero-width space: neither is a typo (an outsider's finding: "character 6, “”, is not a
    code character")."""
    typed = Deal(7, 9, 9).code.text
    wide = "".join(chr(ord(c) + 0xFEE0) if c.isalnum() else c for c in typed)
    assert ShareCode.parse(wide) == ShareCode.parse(typed)
    assert ShareCode.parse(typed.replace("-", "\u200b")) == ShareCode.parse(typed)
    assert ShareCode.parse("\u2066" + typed + "\u2069") == ShareCode.parse(typed)


def test_a_code_of_the_first_rank_past_the_last_layout_is_refused() -> None:
    def typed(rank: int) -> str:
        payload = (rank << 8) | (9 << 4) | 9
        return grouped(
            [VERSION] + [(payload >> 5 * s) & 31 for s in range(_DATA_CHARS - 1, -1, -1)]
        )

    assert ShareCode.parse(typed(SIDE_LAYOUTS - 1)).tokens == 9  # the last layout: a code
    with pytest.raises(ShareCodeError, match="not a valid code"):
        ShareCode.parse(typed(SIDE_LAYOUTS))
    payload = 9 << 4 | 9
    # A code as short as one without words, written as one with them: no code at all.
    short = [(payload >> 5 * s) & 31 for s in range(_DATA_CHARS - 1, -1, -1)]
    with pytest.raises(ShareCodeError, match="not a valid code"):
        ShareCode.parse(grouped([WORDS_VERSION, *short]))
    # A code as long as one with words, written as a code without them: no code at all.
    chars = [(payload >> 5 * s) & 31 for s in range(_WORDS_DATA_CHARS - 1, -1, -1)]
    with pytest.raises(ShareCodeError, match="not a valid code"):
        ShareCode.parse(grouped([VERSION, *chars]))


@pytest.mark.parametrize(
    ("greens", "blacks", "cells"), [(8, 3, 25), (10, 3, 25), (9, 2, 25), (9, 4, 25), (9, 3, 26)]
)
def test_a_side_b_without_its_nine_greens_and_three_assassins_is_no_side_of_a_key_card(
    greens: int, blacks: int, cells: int
) -> None:
    side = "G" * greens + "X" * blacks + "-" * (cells - greens - blacks)
    with pytest.raises(ShareCodeError, match="is not a side of a key card"):
        ShareCode(side)


def test_a_subset_of_a_rank_comes_smallest_position_first() -> None:
    for rank in (0, 5, 1000, comb(25, 9) - 1):
        positions = colex_unrank(rank, 9)
        assert positions == sorted(positions) and len(set(positions)) == 9


def test_a_deals_seed_is_64_bits() -> None:
    assert Deal(2**64 - 1).code
    for seed in (2**64, 2**64 + 1, -1):
        with pytest.raises(ShareCodeError, match=f"seed {seed} is outside 0..2\\^64-1"):
            Deal(seed)


def test_an_old_code_is_made_only_of_a_seed_its_42_bits_hold() -> None:
    assert v1_text(Deal(2**42 - 1))
    for seed in (2**42, 2**42 + 5):
        with pytest.raises(ShareCodeError, match=f"seed {seed} is outside 0..2\\^42-1"):
            v1_text(Deal(seed))
