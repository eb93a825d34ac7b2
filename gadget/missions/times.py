"""The times a team document writes (ISO 8601), told apart from anything else a file may
hold, without a clock: both apps read them, and the site has no time zone database."""

from __future__ import annotations

import re
from typing import Final, TypeGuard

_TIME: Final = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})"
    r"(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2}):(\d{2}))?)?",
    re.ASCII,  # digits of every script are \d otherwise; the ISO format has only ASCII ones
)
_DAYS: Final = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def is_time(value: object) -> TypeGuard[str]:
    """An ISO 8601 time as the apps write them, from a day to the microsecond, with or
    without its zone (anything else is refused, never shown); read without a clock."""
    found = _TIME.fullmatch(value) if isinstance(value, str) else None
    if found is None:
        return False
    year, month, day, hour, minute, second, zone_hours, zone_minutes = (
        int(part or 0) for part in found.groups()
    )
    if not 1 <= month <= 12:
        return False
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    days = _DAYS[month - 1] + (month == 2 and leap)
    return (
        year >= 1
        and 1 <= day <= days
        and hour < 24
        and minute < 60
        and second < 60
        and zone_hours < 24
        and zone_minutes < 60
    )
