from collections import Counter
from math import prod

import pytest

from gadget.engine.prng import SplitMix64


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


@pytest.mark.parametrize("bound", [0, -1, 65])
def test_below_refuses_a_bound_it_cannot_draw_from(bound: int) -> None:
    with pytest.raises(ValueError, match=f"bound {bound}"):
        SplitMix64(1).below(bound)


def test_a_negative_seed_is_refused() -> None:
    with pytest.raises(ValueError, match="seed -3"):
        SplitMix64(-3)


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
