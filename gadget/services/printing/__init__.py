"""Printable paper: mission maps, play-by-paper booklets and key cards (reportlab, loaded by
the modules that draw, never by this one: the command line reads the lists below cheaply)."""

from typing import Final

WORD_LISTS: Final = ("en", "fr")  # the booklets' word lists: data/words-<code>.txt


def words_for(paper_language: str) -> str:
    """The word list a booklet in this language draws from: its own, else English's."""
    return paper_language if paper_language in WORD_LISTS else "en"
