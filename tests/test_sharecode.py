import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gadget.engine import KeyCard, ShareCode, ShareCodeError, join_link
from gadget.engine.sharecode import ALPHABET, LENGTH, SEED_BITS, _check_value
from gadget.engine.state import MAX_TOKENS

GOLDEN_CODES = [
    ("1000-0000-04SK", 0, 9, 9, "G---GG--X--X--GGGG--G-G-X", "G-----XGG---G-GGX-GG-G--X"),
    ("1000-0000-0CSH", 1, 9, 9, "G-G----XG-G--XGGGX---G-G-", "GG-------G-XGG-GXX-G---GG"),
    ("1ZZZ-ZZZZ-ZWS1", 2**42 - 1, 9, 9, "-G-XGG-GG---GGG--G---XX--", "-G-GGG---GGG--X-G--XGX---"),
    ("1000-0030-EDJ9", 12345, 11, 2, "-GGG--XG--GGX-GG--GX-----", "-GG-GGG----XX----GG-XG-G-"),
    ("1000-07M4-FW8B", 999999, 8, 8, "-GXG-G-GG--G-G--X-X-GG---", "-XGGG-G-G--G--GX--X---GG-"),
    ("1000-007M-TCNZ", 31337, 9, 5, "G-G-G-GX-----GX-GXGG-G---", "-GGX--GGGG-G----GX---XG--"),
    ("100Z-KF43-CK6Y", 4242424242, 6, 6, "--G-G-G-G--G-XX-G-GGX--G-", "-G--GXGG-G----X----GG-GXG"),
    ("1000-0000-4FGE", 17, 15, 0, "-G--GG-----X-XGXG-GG--G-G", "--GX--G----GGXG--GGGG-X--"),
    # A check character of 0: about 1 code in 32 ends so (found by searching seeds).
    ("1000-007Q-F4S0", 31676, 9, 9, "-----GG-X---GX-GGGG-G--GX", "-X----X-GGGGGXG-G---GG---"),
]

codes = st.builds(
    lambda seed, tokens, spare: ShareCode(seed, tokens, spare % (tokens + 1)),
    st.integers(0, 2**SEED_BITS - 1),
    st.integers(1, 15),
    st.integers(0, 15),
)


@pytest.mark.parametrize(("text", "seed", "tokens", "mistakes", "side_a", "side_b"), GOLDEN_CODES)
def test_a_golden_code_carries_its_bank_and_makes_its_frozen_card(
    text: str, seed: int, tokens: int, mistakes: int, side_a: str, side_b: str
) -> None:
    code = ShareCode.parse(text)
    assert (code.seed, code.tokens, code.mistakes) == (seed, tokens, mistakes)
    assert code.key_card() == KeyCard(side_a, side_b)
    assert ShareCode(seed, tokens, mistakes).text == text


@given(codes)
def test_every_code_round_trips_through_its_text(code: ShareCode) -> None:
    assert ShareCode.parse(code.text) == code


@given(codes)
def test_a_code_is_at_most_14_characters_of_an_unambiguous_alphabet(code: ShareCode) -> None:
    assert len(code.text) <= 14
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
    text = ShareCode(0x2A5F00C3E1B, 9, 5).text.replace("-", "")
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
    code = ShareCode.parse("1000-0000-04SK")
    assert ShareCode.parse(" 1ooo 0000 04sk ") == code
    assert ShareCode.parse("1000000004-SK") == code
    assert ShareCode.parse("1ZZZ-ZZZZ-ZWSI") == ShareCode.parse("1ZZZ-ZZZZ-ZWS1")


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("", "the code is empty"),
        ("1000-0000-04S", "the code has 11 characters; a code has 12"),
        ("1000-0000-04SKK", "the code has 13 characters"),
        ("1000-0000-04SU", "character 12 of the code, 'U', is not a code character"),
        ("1000-0000-04S!", "'!', is not a code character"),
        ("1000-0000-04SM", "is not a valid code: check for a typo"),
    ],
)
def test_a_bad_code_is_refused_with_a_clear_reason(typed: str, reason: str) -> None:
    with pytest.raises(ShareCodeError, match=re.escape(reason)):
        ShareCode.parse(typed)


def _well_checked(data: list[int]) -> str:
    """A code text with a correct check character over arbitrary data values."""
    return "".join(ALPHABET[v] for v in [*data, _check_value(data)])


def test_a_code_from_a_newer_version_asks_for_an_update() -> None:
    data = [ALPHABET.index(c) for c in "1000000004S"]
    text = _well_checked([2, *data[1:]])
    with pytest.raises(ShareCodeError, match="code version 2 comes from a newer Gadget"):
        ShareCode.parse(text)


@pytest.mark.parametrize(
    ("seed", "tokens", "mistakes", "reason"),
    [
        (0, 0, 0, "code carries 0 tokens"),
        (0, 16, 0, "code carries 16 tokens"),
        (0, 9, 10, "code carries 10 mistakes with 9 tokens"),
        (2**42, 9, 9, "seed 4398046511104 is outside"),
        (2**42 + 1, 9, 9, "seed 4398046511105 is outside"),
        (-1, 9, 9, "seed -1 is outside"),
        (0, 9, -1, "code carries -1 mistakes with 9 tokens"),
    ],
)
def test_a_bank_a_code_cannot_carry_is_refused(
    seed: int, tokens: int, mistakes: int, reason: str
) -> None:
    with pytest.raises(ShareCodeError, match=reason):
        ShareCode(seed, tokens, mistakes)


def test_a_typed_code_that_decodes_to_an_impossible_bank_is_refused() -> None:
    text = _well_checked([1, *([0] * 10)])  # a seed of 0 with 0 tokens
    with pytest.raises(ShareCodeError, match="code carries 0 tokens"):
        ShareCode.parse(text)


def test_the_join_link_is_the_base_address_then_join_then_the_code() -> None:
    code = ShareCode.parse("1000-0000-04SK")
    assert (
        join_link("http://192.168.1.20:8550/", code)
        == "http://192.168.1.20:8550/join/1000-0000-04SK"
    )
    assert ShareCode.parse(join_link("http://x", code).rsplit("/", 1)[1]) == code


def test_the_look_alikes_o_i_and_l_read_as_0_and_1_in_any_case() -> None:
    code = ShareCode.parse("1000-0000-15MR")  # seed 4, an 11-4 bank: a 1 inside the code
    for typed in ("1000-0000-I5MR", "1000-0000-i5mr", "1000-0000-L5MR", "1000-0000-l5mr"):
        assert ShareCode.parse(typed) == code
    assert ShareCode.parse("1OOO-OOOO-15MR") == code  # O is 0


def test_a_code_without_a_bank_deals_the_standard_nine_tokens_all_bystander_side_up() -> None:
    assert ShareCode(5) == ShareCode(5, tokens=9, mistakes=9)


def test_the_largest_bank_fits_the_four_bits_a_code_keeps_for_it() -> None:
    assert MAX_TOKENS < 16
    largest = ShareCode(2**42 - 1, tokens=MAX_TOKENS, mistakes=MAX_TOKENS)
    assert ShareCode.parse(largest.text) == largest
