from collections import Counter

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
