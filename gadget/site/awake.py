"""What a Python restored from the site's build-time snapshot does again on the phone, so that
it is the Python a fresh start would have given: the build's random state, time zone and
folder listings are the same on every phone, and must not stay so.

The site's worker (tools/site/python-worker.js) calls `after_snapshot()` once, before the app
runs; nothing else needs it.
"""

from __future__ import annotations

import gc
import importlib
import random
import sys
import time

YEAR = (365 * 24 + 6) * 3600  # s: the year CPython steps by (timemodule.c, init_timezone)


def clock_zone(now: float) -> tuple[int, int, int, tuple[str, str]]:
    """time.timezone, altzone, daylight and tzname as CPython works them out when it starts
    (two instants half a year apart, the southern hemisphere's summer in January)."""
    first = (int(now) // YEAR) * YEAR
    january, july = time.localtime(first), time.localtime(first + YEAR // 2)
    january_zone, july_zone = -january.tm_gmtoff, -july.tm_gmtoff
    if january_zone < july_zone:  # summer in January: DST is what January shows
        return july_zone, january_zone, 1, (july.tm_zone, january.tm_zone)
    return (
        january_zone,
        july_zone,
        int(january_zone != july_zone),
        (january.tm_zone, july.tm_zone),
    )


def after_snapshot() -> None:
    """Fresh entropy, this phone's time zone, the unpacked files seen."""
    importlib.invalidate_caches()  # the archive was unpacked again: list the folders anew
    for generator in gc.get_objects():
        if type(generator) is random.Random:
            generator.seed()  # from this phone's entropy, not the build's
    zone = clock_zone(time.time())
    time.timezone, time.altzone, time.daylight, time.tzname = zone
    if "babel.localtime" in sys.modules:  # babel keeps the zone it found at import
        importlib.reload(sys.modules["babel.localtime._fallback"])
        local = importlib.reload(sys.modules["babel.localtime"])
        if "babel.dates" in sys.modules:
            sys.modules["babel.dates"].LOCALTZ = local.LOCALTZ  # type: ignore[attr-defined]
