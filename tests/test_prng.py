from collections import Counter
from math import prod

import pytest

from gadget.engine.prng import SplitMix64, _spans

GAMMA, MIX1, MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
MASK = 2**64 - 1


def _unshift(value: int, shift: int) -> int:
    """The inverse of x ^ (x >> shift) on 64 bits."""
    result = value
    for _ in range(64 // shift + 1):
        result = value ^ (result >> shift)
    return result


def _seed_whose_first_draw_is(output: int) -> int:
    """SplitMix64's output function is a bijection: run it backwards to choose a draw."""
    z = _unshift(output, 31)
    z = _unshift(z * pow(MIX2, -1, 2**64) & MASK, 27)
    state = _unshift(z * pow(MIX1, -1, 2**64) & MASK, 30)
    return (state - GAMMA) & MASK


def test_splitmix64_matches_the_reference_implementation_for_seed_zero() -> None:
    # The first outputs of Vigna's splitmix64.c with x = 0.
    prng = SplitMix64(0)
    assert [prng.next_u64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_the_same_seed_gives_the_same_sequence_and_another_seed_another() -> None:
    first = [SplitMix64(42).next_u64() for _ in range(5)]
    again = [SplitMix64(42).next_u64() for _ in range(5)]
    other = [SplitMix64(43).next_u64() for _ in range(5)]
    assert first == again
    assert first != other


def test_below_stays_in_range_and_reaches_every_value() -> None:
    prng = SplitMix64(7)
    draws = Counter(prng.below(6) for _ in range(6000))
    assert set(draws) == set(range(6))
    assert all(800 < count < 1200 for count in draws.values())


def test_a_seed_can_be_chosen_for_its_first_draw() -> None:
    for output in (0, 1, 12345, MASK - 1, MASK):
        assert SplitMix64(_seed_whose_first_draw_is(output)).next_u64() == output


@pytest.mark.parametrize("bound", [3, 7, 25, 63])
def test_a_draw_from_the_uneven_top_of_the_range_is_drawn_again(bound: int) -> None:
    # 2^64 is no multiple of these bounds: the top 2^64 mod bound draws would favour the
    # low values if they were kept, so they are thrown away, the first and the last of them.
    limit = 2**64 - 2**64 % bound
    for rejected in (limit, MASK):
        seed = _seed_whose_first_draw_is(rejected)
        prng = SplitMix64(seed)
        second = (prng.next_u64(), prng.next_u64())[1]
        assert SplitMix64(seed).below(bound) == second % bound
    kept = _seed_whose_first_draw_is(limit - 1)
    assert SplitMix64(kept).below(bound) == (limit - 1) % bound


def test_bounds_up_to_64_are_drawn_from() -> None:
    prng = SplitMix64(5)
    assert {prng.below(64) for _ in range(2000)} == set(range(64))
    assert SplitMix64(_seed_whose_first_draw_is(MASK)).below(64) == 63  # 64 divides 2^64


def test_each_word_of_a_shuffle_carries_as_many_picks_as_fit_in_64_bits() -> None:
    for length in range(0, 120):
        spans = _spans(length)
        bounds = [bound for top, bottom, _ in spans for bound in range(top + 1, bottom + 1, -1)]
        assert bounds == list(range(length, 1, -1))  # every pick, once, from the top down
        for top, bottom, span in spans:
            assert span == prod(range(bottom + 2, top + 2)) <= 2**64
            assert bottom == 0 or span * (bottom + 1) > 2**64  # the next pick would not fit


def test_shuffling_nothing_or_one_item_changes_nothing() -> None:
    for items in ([], ["only"]):
        shuffled = list(items)
        SplitMix64(3).shuffle(shuffled)
        assert shuffled == items


@pytest.mark.parametrize("bound", [0, -1, 65])
def test_below_refuses_a_bound_it_cannot_draw_from(bound: int) -> None:
    with pytest.raises(ValueError, match=f"bound {bound}"):
        SplitMix64(1).below(bound)


def test_a_negative_seed_is_refused() -> None:
    for seed in (-3, -1):
        with pytest.raises(ValueError, match=f"seed {seed} is negative"):
            SplitMix64(seed)


def test_the_shuffle_reads_its_picks_as_mixed_radix_digits_of_two_words() -> None:
    # The format, spelled out: one word below 25*24*...*11, one below 10*9*...*2.
    items = list(range(25))
    SplitMix64(99).shuffle(items)
    expected = list(range(25))
    prng = SplitMix64(99)
    for bounds in (range(25, 10, -1), range(10, 1, -1)):
        span = prod(bounds)
        word = prng.next_u64()
        while word >= 2**64 - 2**64 % span:
            word = prng.next_u64()
        word %= span
        for bound in bounds:
            word, pick = divmod(word, bound)
            expected[bound - 1], expected[pick] = expected[pick], expected[bound - 1]
    assert items == expected


def test_shuffles_of_every_short_length_give_every_order_equally_often() -> None:
    for length in (1, 2, 3, 4):
        orders: Counter[tuple[int, ...]] = Counter()
        prng = SplitMix64(length)
        for _ in range(2400):
            items = list(range(length))
            prng.shuffle(items)
            orders[tuple(items)] += 1
        factorial = {1: 1, 2: 2, 3: 6, 4: 24}[length]
        assert len(orders) == factorial
        assert all(
            abs(n - 2400 / factorial) < 0.25 * 2400 / factorial + 10 for n in orders.values()
        )
