"""The player's language: gettext catalogues compiled with Babel, numbers and dates in the
locale's form, and the errors and messages of every layer said in it.

English is the source: message ids are the English words, and a language is one catalogue,
`gadget/locale/<code>/LC_MESSAGES/gadget.po` (docs/languages.md). Nothing here is global: a
server speaks to each phone in its own language, so each screen asks for its Language.
"""

from __future__ import annotations

import functools
import gettext
import io
import itertools
import os
from collections.abc import Iterable, Mapping
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Final

from babel import Locale
from babel.dates import format_date, format_time, format_timedelta
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from gadget.engine.errors import Message, Words, say

LOCALE_FOLDER: Final = Path(__file__).resolve().parent / "locale"
DOMAIN: Final = "gadget"
SOURCE: Final = "en"  # the language of the message ids


def catalogue_path(code: str) -> Path:
    """Where a language's catalogue (its .po file) lives; its compiled .mo is beside it."""
    return LOCALE_FOLDER / code / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def codes() -> tuple[str, ...]:
    """Every language the app speaks: English and each language with a catalogue (looked
    up once a process: the catalogues do not change under a running server)."""
    found = sorted(p.parent.parent.name for p in LOCALE_FOLDER.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (SOURCE, *(code for code in found if code != SOURCE))


class Language(Words):
    """One language: its translations, its plural rule and its way of writing numbers and
    dates. Screens, the command line and the PDFs say everything through one of these."""

    def __init__(self, code: str, translations: gettext.NullTranslations) -> None:
        self.code = code
        self.locale = Locale.parse(code)
        self._translations = translations

    def __repr__(self) -> str:
        return f"Language({self.code!r})"

    @property
    def name(self) -> str:
        """The language's name in itself (English, Français), for the choice in Settings."""
        return own_name(self.code)

    def gettext(self, message: str) -> str:
        return self._translations.gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self._translations.ngettext(singular, plural, count)

    def pgettext(self, context: str, message: str) -> str:
        return self._translations.pgettext(context, message)

    def say(self, message: object) -> str:
        """An error or a Message (from any layer) in this language."""
        return say(message, self)

    def city(self, name: str) -> str:
        """A city of the mission map by its name in this language (a team's own city, not in
        the catalogue, keeps the name the team gave it)."""
        return self.pgettext("city", name)

    def number(self, value: float) -> str:
        """A number as this language writes it (1,000.5 or 1 000,5)."""
        return format_decimal(value, locale=self.locale)

    def day(self, when: date) -> str:
        """A date as this language writes it, short enough for a phone's line."""
        return format_date(when, format="medium", locale=self.locale)

    def ago(self, elapsed: timedelta) -> str:
        """How long ago, to the minute, as this language says it: just now, 5 minutes ago,
        il y a 2 heures (a moment told without a clock's zone, which a phone's may not be)."""
        if elapsed < timedelta(minutes=1):
            return self.gettext(N_("just now"))
        return format_timedelta(
            -elapsed,
            granularity="minute",
            add_direction=True,
            locale=self.locale,
        )

    def moment(self, when: datetime) -> str:
        """A date and time (to the minute) as this language writes them: 22 nov. 2026, 18:05;
        Nov 22, 2026, 6:05 PM."""
        joined = str(self.locale.datetime_formats["medium"])  # "{1}, {0}": date, then time
        return joined.format(
            format_time(when, format="short", locale=self.locale),
            format_date(when, format="medium", locale=self.locale),
        )


def own_name(code: str) -> str:
    """A language's name in itself, capitalised (Deutsch, Français): how it is listed."""
    locale = Locale.parse(code)
    own = locale.get_display_name(locale) or code
    return own[:1].upper() + own[1:]


def _translations(code: str) -> gettext.NullTranslations:
    """A catalogue's translations: the compiled .mo when it is newer than the .po, else the
    .po compiled in memory (a fresh clone has only the .po files)."""
    if code == SOURCE:
        return gettext.NullTranslations()
    po = catalogue_path(code)
    mo = po.with_suffix(".mo")
    if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
        with mo.open("rb") as compiled:
            return gettext.GNUTranslations(compiled)
    with po.open("rb") as source:
        catalogue = read_po(source, locale=code, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalogue)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


@functools.cache
def language(code: str) -> Language:
    """The language with this code ("en", "fr"); English for a code the app does not speak."""
    if code not in codes():
        code = SOURCE
    return Language(code, _translations(code))


MAX_PREFERENCES: Final = 10  # a browser names a few; a hostile one is not read further


def choose(preferences: Iterable[object]) -> Language:
    """The first language of a list of preferences (a browser's "fr-CA", "en_GB.UTF-8"...)
    that the app speaks; English when it speaks none of them. The list comes from a browser:
    only its first few short strings are read."""
    spoken = codes()
    for preference in itertools.islice(preferences, MAX_PREFERENCES):
        if not isinstance(preference, str) or len(preference) > 35:
            continue
        # The language alone: "fr_FR" needs Babel's data for France, which the static site
        # does not carry (it read "fr-FR" as no language at all: a French phone got English).
        code = preference.replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
        if code in spoken:
            return language(code)
    return language(SOURCE)


def from_environment(environment: Mapping[str, str] = os.environ) -> Language:
    """The command line's language, as gettext finds it: LANGUAGE (a list), then LC_ALL,
    LC_MESSAGES and LANG."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environment.get(variable, "")
        if value:
            if value in ("C", "POSIX"):
                return language(SOURCE)
            return choose(value.split(":"))
    return language(SOURCE)


ENGLISH: Final = language(SOURCE)

__all__ = [
    "ENGLISH",
    "N_",
    "Language",
    "Message",
    "choose",
    "codes",
    "from_environment",
    "language",
]


def N_(message: str) -> str:  # noqa: N802 (gettext's own name for it)
    """Marks words kept in data for translation where they are said (the id, unchanged)."""
    return message
