"""The app's Duet partner in French (issue 38; its lexicon read with no network:
test_partner.py): words read with or without their accents, clues that are plain
French words and never a table's or a blocked one, and `gadget partner --lang fr`."""

from __future__ import annotations

import json

import numpy as np
import pytest

from gadget.cli import main
from gadget.engine.words import deal_words, folded, newest_list
from gadget.partner import clues
from gadget.partner.clue_rules import looks_like
from gadget.partner.clues import give_clue
from gadget.partner.guessing import ranked
from gadget.partner.lexicon import Lexicon, language_of_words, lexicon
from gadget.services.clue_check import clue_flags

BOARD = ("baleine", "stylo", "lune", "hôpital", "piano", "banque", "chien", "glace")


@pytest.fixture(scope="module")
def french() -> Lexicon:
    return lexicon("fr")


def _anything(word: str) -> bool:
    return True


@pytest.mark.parametrize(
    ("clue", "meant"),
    [("médecin", "hôpital"), ("musique", "piano"), ("argent", "banque"), ("nuit", "lune")],
)
def test_a_french_clue_ranks_the_word_it_means_first(
    french: Lexicon, clue: str, meant: str
) -> None:
    """WordLlama alone ranked chou, chèvre, chêne first for CHIEN: letters, not meaning."""
    assert ranked(french, clue, BOARD)[0].word == meant


def test_a_word_is_read_the_same_with_or_without_its_accents(french: Lexicon) -> None:
    assert french.row("hopital") == french.row("Hôpital") is not None
    typed = french.scores(["medecin"], BOARD)
    accented = french.scores(["médecin"], BOARD)
    assert np.allclose(typed, accented)
    lacking = french.scores(["zorglubesque"], BOARD)  # no model holds it: WordLlama reads it
    assert np.isfinite(lacking).all()


def test_a_french_clue_is_a_plain_word_never_a_table_word_a_look_alike_or_blocked(
    french: Lexicon,
) -> None:
    words = deal_words(newest_list("fr").words, 11)
    targets, assassins, bystanders = words[:9], words[9:12], words[12:]
    given_before: list[str] = []
    for _turn in range(5):
        given = give_clue(
            french, targets, assassins, bystanders, allowed=_anything, given_before=given_before
        )
        assert given.word not in given_before and given.number >= 1
        assert not looks_like(given.word, words), given.word
        assert not clue_flags(given.word, words, "fr")
        given_before.append(given.word)
    blocked = clues._blocked("fr")
    held = {word for word in french.words if folded(word) in blocked}
    assert {"sexe", "nazi", "cocaïne", "pute"} <= held  # the list blocks words it holds
    candidates = {french.words[row] for row in clues._candidates(french)}
    assert not candidates & held
    assert {"océan", "musique", "médecin"} <= candidates
    assert not candidates & {"france", "paul", "londres"}  # names: not Lexique's words


def test_the_players_own_words_are_read_in_the_language_that_holds_more_of_them() -> None:
    assert language_of_words(newest_list("fr").words[:25]) == "fr"
    assert language_of_words(newest_list("en").words[:25]) == "en"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["partner", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_gadget_partner_guesses_and_gives_clues_in_french(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = _run(capsys, "guess", "--clue", "océan", "--words", *BOARD, "--lang", "fr")
    assert status == 0 and out.splitlines()[0] == "baleine"
    status, out, _ = _run(
        capsys,
        "clue",
        "--targets", "hôpital", "piano",
        "--avoid", "banque",
        "--bystanders", "chien", "lune",
        "--lang", "FR", "--json",
    )  # fmt: skip
    given = json.loads(out)
    assert status == 0 and given["number"] >= 1
    assert given["clue"] not in BOARD and lexicon("fr").row(given["clue"]) is not None
