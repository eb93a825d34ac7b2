"""The times a team document writes, told apart from anything else without a clock: each
month's last day, leap years by the calendar's own rule, every field at its edge."""

from __future__ import annotations

import pytest

from gadget.missions.times import is_time

LAST_DAYS = {1: 31, 2: 28, 3: 31, 4: 30, 5: 31, 6: 30, 7: 31, 8: 31, 9: 30, 10: 31, 11: 30, 12: 31}


@pytest.mark.parametrize(("month", "last"), LAST_DAYS.items())
def test_each_months_last_day_is_a_time_and_the_day_after_is_not(month: int, last: int) -> None:
    assert is_time(f"2025-{month:02d}-{last:02d}")
    assert not is_time(f"2025-{month:02d}-{last + 1:02d}")


@pytest.mark.parametrize(
    ("year", "leap"), [(2024, True), (2025, False), (1900, False), (2000, True), (2100, False)]
)
def test_february_has_its_29th_in_leap_years_only(year: int, leap: bool) -> None:
    assert is_time(f"{year}-02-29") is leap
    assert is_time(f"{year}-02-28")
    assert is_time(f"{year}-01-31") and not is_time(f"{year}-01-32")  # January is never leap
    assert is_time(f"{year}-03-31") and not is_time(f"{year}-04-31")  # nor any month after


@pytest.mark.parametrize(
    "written",
    [
        "2026-11-29",
        "2026-11-29T13:02",
        "2026-11-29 13:02:05",
        "2026-11-29T23:59:59.999999+00:00",
        "2026-11-29T00:00:00Z",
        "2026-11-29T12:00:00-23:59",
        "2026-11-29T12:00:00+05:30",
        "2026-11-29T12:00:00+23:00",
        "0001-01-01",
    ],
)
def test_the_times_the_apps_write_are_times(written: str) -> None:
    assert is_time(written)


@pytest.mark.parametrize(
    "written",
    [
        "2026-00-10",
        "2026-13-10",
        "2026-12-00",
        "0000-01-01",
        "2026-11-29T24:00",
        "2026-11-29T25:00",
        "2026-11-29T12:61",
        "2026-11-29T12:00:61",
        "2026-11-29T12:00:00+25:00",
        "2026-11-29T12:60",
        "2026-11-29T12:00:60",
        "2026-11-29T12:00:00+24:00",
        "2026-11-29T12:00:00+00:60",
        "2026-11-29T12:00:00+00:61",
        "2026-11-29T12:00:00+05",
        "2026-11-29T12",
        "\uff12\uff10\uff12\uff16-11-29",  # digits of another script
        "29/11/2026",
        "",
    ],
)
def test_anything_else_is_not(written: str) -> None:
    assert not is_time(written)


def test_only_text_is_a_time() -> None:
    assert not is_time(20261129) and not is_time(None) and not is_time(["2026-11-29"])
