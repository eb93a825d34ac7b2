"""The app's Duet partner (gadget/partner): its lexicon read from installed packages with no
network, its guesses and when it stops, its clues and what they never are, its seat that sees
one side, and `gadget partner` as a script drives it."""

from __future__ import annotations

import json
import socket
from typing import Any

import numpy as np
import pytest

from gadget.cli import main
from gadget.engine import Clue, Player, apply, new_game, view_for
from gadget.engine.keycard import generate_v1
from gadget.engine.words import SHIPPED, deal_words, folded
from gadget.partner import clues, guessing
from gadget.partner import lexicon as lexicon_module
from gadget.partner.clue_rules import looks_like
from gadget.partner.clues import give_clue
from gadget.partner.guessing import GuessingTurn, next_touch, ranked
from gadget.partner.lexicon import Lexicon, PartnerError, lexicon
from gadget.partner.player import partner_clue, partner_touch
from gadget.partner.seat import Seat
from gadget.services.clue_check import clue_flags
from tests.cards import other_side_swapped

BOARD = ("round", "slip", "soul", "match", "whale", "pen", "light", "ice cream")


@pytest.fixture(scope="module")
def english() -> Lexicon:
    return lexicon("en")


def _anything(word: str) -> bool:
    return True


@pytest.mark.parametrize(
    ("language", "clue", "board", "meant"),
    [
        ("en", "circle", BOARD, "round"),
        ("fr", "océan", ("baleine", "stylo", "lune", "hôpital", "piano"), "baleine"),
    ],
)
def test_the_lexicon_loads_from_the_installed_packages_with_no_socket_opened(
    monkeypatch: pytest.MonkeyPatch, language: str, clue: str, board: tuple[str, ...], meant: str
) -> None:
    opened: list[tuple[Any, ...]] = []

    class NoSocket(socket.socket):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            opened.append(args)
            raise OSError("the partner tried to open a socket")

    monkeypatch.setattr(socket, "socket", NoSocket)
    lexicon_module._loaded.cache_clear()
    try:
        fresh = lexicon(language)
        assert ranked(fresh, clue, board)[0].word == meant
        assert give_clue(fresh, [board[0]], [board[2]], [board[1]], allowed=_anything).word
    finally:
        lexicon_module._loaded.cache_clear()
    assert not opened
    assert len(fresh.words) >= 10_000
    shipped = [w for words in SHIPPED.values() if words.language == language for w in words.words]
    assert all(fresh.row(word) is not None for word in shipped)


def test_a_guess_ranks_the_word_the_clue_means_first_with_chances_that_add_up(
    english: Lexicon,
) -> None:
    order = ranked(english, "Circle", BOARD)
    assert order[0].word == "round"
    assert ranked(english, "ocean", BOARD)[0].word == "whale"
    assert ranked(english, "dessert", BOARD)[0].word == "ice cream"  # a word of two words
    assert sorted(item.word for item in order) == sorted(BOARD)
    assert sum(item.chance for item in order) == pytest.approx(1.0, abs=1e-6)
    assert [item.score for item in order] == sorted((item.score for item in order), reverse=True)


def test_a_clue_the_lexicon_lacks_is_read_from_the_words_that_make_it(english: Lexicon) -> None:
    assert english.row("secretagent") is None and english.row("calender") is None
    assert ranked(english, "seawhale", BOARD)[0].word == "whale"  # two held words
    assert ranked(english, "calender", ("date", "whale", "soul"))[0].word == "date"  # a typo


def test_a_guess_needs_a_clue_and_words(english: Lexicon) -> None:
    with pytest.raises(PartnerError, match="needs a clue"):
        ranked(english, "  ", BOARD)
    with pytest.raises(PartnerError, match="at least one uncovered word"):
        ranked(english, "circle", ())


def test_the_guesser_touches_once_always_then_only_while_sure_up_to_the_number(
    english: Lexicon, monkeypatch: pytest.MonkeyPatch
) -> None:
    turn = GuessingTurn(clue="circle", number=2, uncovered=BOARD)
    monkeypatch.setattr(guessing, "SURE_ENOUGH", 1.01)  # never sure
    assert next_touch(english, turn) == "round"  # a clue asks for one touch at least
    assert next_touch(english, GuessingTurn("circle", 2, BOARD[1:], touched=1)) is None
    monkeypatch.setattr(guessing, "SURE_ENOUGH", 0.0)  # always sure
    assert next_touch(english, GuessingTurn("circle", 2, BOARD[1:], touched=1)) is not None
    assert next_touch(english, GuessingTurn("circle", 2, BOARD[1:], touched=2)) is None
    assert next_touch(english, GuessingTurn("circle", None, BOARD[1:], touched=5)) is not None


def test_after_the_number_the_guesser_may_take_a_word_left_over_from_an_earlier_clue(
    english: Lexicon, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(guessing, "SURE_ENOUGH", 0.0)
    words = ("slip", "soul", "whale", "pen")
    leftover = GuessingTurn("shoe", 1, words, touched=1, earlier=("ocean",))
    assert next_touch(english, leftover) == "whale"
    monkeypatch.setattr(guessing, "SURE_ENOUGH", 0.99)
    assert next_touch(english, leftover) is None


def test_in_sudden_death_the_guesser_touches_what_its_partners_clues_point_to(
    english: Lexicon,
) -> None:
    turn = GuessingTurn("", None, BOARD, earlier=("write", "ocean"), sudden_death=True)
    assert next_touch(english, turn) in {"pen", "whale"}


def test_a_word_that_is_an_assassin_on_the_guessers_own_side_counts_for_less(
    english: Lexicon, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert next_touch(english, GuessingTurn("circle", 1, BOARD)) == "round"
    monkeypatch.setattr(guessing, "RISKY_WEIGHT", 0.0)
    risky = GuessingTurn("circle", 1, BOARD, risky=frozenset({"round"}))
    assert next_touch(english, risky) != "round"


def test_a_clue_means_targets_only_and_keeps_its_margins_from_the_assassin(
    english: Lexicon,
) -> None:
    targets, assassins, bystanders = ["whale", "pen"], ["soul"], ["slip", "match", "light"]
    given = give_clue(english, targets, assassins, bystanders, allowed=_anything)
    assert given.number == len(given.meant) >= 1
    assert set(given.meant) <= set(targets)
    row = english.row(given.word)
    assert row is not None
    scores = english.table_scores(np.array([row]), [*given.meant, *assassins])[0]
    assert min(scores[: given.number]) > scores[-1] + clues.ASSASSIN_MARGIN


def test_a_clue_is_never_a_table_word_a_look_alike_a_blocked_word_or_one_given_before(
    english: Lexicon,
) -> None:
    words = deal_words(SHIPPED[0].words, 7)
    targets, assassins, bystanders = words[:9], words[9:12], words[12:]
    given_before: list[str] = []
    for _turn in range(6):
        given = give_clue(
            english, targets, assassins, bystanders, allowed=_anything, given_before=given_before
        )
        assert given.word not in given_before
        assert not looks_like(given.word, words), given.word
        assert not clue_flags(given.word, words, "en")
        given_before.append(given.word)
    blocked = clues._blocked("en")
    held = {word for word in english.words if folded(word) in blocked}
    assert {"sex", "nazi", "cocaine"} <= held  # the list blocks words the lexicon holds
    candidates = {english.words[row] for row in clues._candidates(english)}
    assert not candidates & held


def test_the_app_gives_no_clue_the_tables_rule_refuses(english: Lexicon) -> None:
    first = give_clue(english, ["whale"], [], [], allowed=_anything)
    other = give_clue(english, ["whale"], [], [], allowed=lambda word: word != first.word)
    assert other.word != first.word
    with pytest.raises(PartnerError, match="no clue the table's rules allow"):
        give_clue(english, ["whale"], [], [], allowed=lambda word: False)
    with pytest.raises(PartnerError, match="no green word left"):
        give_clue(english, [], ["soul"], [], allowed=_anything)


def test_the_partners_clue_and_touches_never_depend_on_the_other_side(
    english: Lexicon,
) -> None:
    words = deal_words(SHIPPED[0].words, 11)
    for seed in range(3):
        cards = other_side_swapped(seed, kept=Player.A)
        states = [new_game(card) for card in cards]
        rule = lambda word, uncovered: not clue_flags(word, uncovered, "en")  # noqa: E731
        given = {partner_clue(english, Seat(view_for(s, Player.A), words), rule) for s in states}
        assert len(given) == 1
        clued = [apply(state, Clue(Player.B, "ocean", 2)) for state in states]
        touches = {partner_touch(english, Seat(view_for(s, Player.A), words)) for s in clued}
        assert len(touches) == 1


def test_the_partner_acts_only_in_its_turn(english: Lexicon) -> None:
    words = deal_words(SHIPPED[0].words, 3)
    state = apply(new_game(generate_v1(3)), Clue(Player.A, "ocean", 2))
    with pytest.raises(PartnerError, match="not the partner's turn to give a clue"):
        partner_clue(english, Seat(view_for(state, Player.B), words), lambda w, u: True)
    with pytest.raises(PartnerError, match="not the partner's turn to guess"):
        partner_touch(english, Seat(view_for(state, Player.A), words))


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["partner", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_gadget_partner_guess_prints_the_words_ranked(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "guess", "--clue", "circle", "--words", *BOARD)
    assert status == 0
    assert out.splitlines()[0] == "round" and sorted(out.splitlines()) == sorted(BOARD)
    status, out, _ = _run(capsys, "guess", "--clue", "ocean", "--words", *BOARD, "--json")
    assert status == 0 and json.loads(out)["ranked"][0] == "whale"


def test_gadget_partner_clue_prints_a_word_and_its_number(
    capsys: pytest.CaptureFixture[str],
) -> None:
    words = deal_words(SHIPPED[0].words, 5)
    argv = ["clue", "--targets", *words[:8], "--avoid", *words[9:12], "--bystanders", *words[12:]]
    status, out, _ = _run(capsys, *argv, "--covered", words[8])  # 25 words in all
    word, number = out.split()
    assert status == 0 and int(number) >= 1 and not clue_flags(word, words, "en")
    status, out, _ = _run(capsys, *argv, "--json")
    answer = json.loads(out)
    assert status == 0 and set(answer) == {"clue", "number"} and answer["number"] >= 1


def test_gadget_partner_takes_the_language_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "guess", "--clue", "ocean", "--words", *BOARD, "--lang", "EN")
    assert status == 0 and out.splitlines()[0] == "whale"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["guess", "--clue", "two words", "--words", "a", "b"], "a clue is one word"),
        (["guess", "--clue", "c3po", "--words", "a", "b"], "no digits"),
        (["guess", "--clue", "sea", "--words", "Whale", "whale"], "is given twice"),
        (["guess", "--clue", "sea", "--words", *[f"w{n}" for n in range(26)]], "a table has 25"),
        (["guess", "--clue", "sea", "--words", " ", "b"], "an empty word"),
        (["guess", "--clue", "sea", "--words", "wh\u200bale"], "does not print (U+200B)"),
        (["guess", "--clue", "sea", "--words", "x" * 41], "a word has at most 40"),
        # The outsider's: a table's words in all, emoji (as a list refuses them).
        (
            [
                "clue",
                "--targets",
                *[f"w{n}" for n in range(2)],
                "--avoid",
                *[f"a{n}" for n in range(3)],
                "--bystanders",
                *[f"b{n}" for n in range(21)],
            ],
            "and --covered has 26 words; a table has 25",
        ),
        (
            [
                "clue",
                "--targets",
                *[f"w{n}" for n in range(20)],
                "--covered",
                *[f"c{n}" for n in range(6)],
            ],
            "has 26 words",
        ),
        (["clue", "--targets", "\U0001f433", "whale"], "which phones cannot draw"),
        (["clue", "--targets", "whale", "--avoid", "whale"], "is given twice"),
        (["clue", "--targets", "whale", "--covered", "whale"], "is given twice"),
        (["clue", "--targets", "whale", "--lang", "de"], "speaks en, fr so far"),
        (["guess", "--clue", "sea"], "--words"),
    ],
)
def test_gadget_partner_refuses_bad_input_in_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    status, out, err = _run(capsys, *argv)
    assert status == 2 and not out
    assert said in err and len(err.strip().splitlines()) == 1, err


def test_the_app_gives_no_name_or_numeral_as_a_clue(english: Lexicon) -> None:
    """The outsider's: "kent", "rudolf" (for WOLF), "viii", "vietnamese" were given."""
    names = ["kent", "rudolf", "viii", "vietnamese", "paris", "london", "ethnicity"]
    assert all(english.row(name) is not None for name in names)  # read, as a player's clue
    candidates = {english.words[row] for row in clues._candidates(english)}
    assert not candidates & set(names)
    assert {"ocean", "music", "dancer", "circle"} <= candidates


def test_when_no_clue_clears_its_margins_the_app_gives_the_one_nearest_a_target(
    english: Lexicon, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With nothing to avoid, every candidate was worth as much (infinity): the first of the
    lexicon's plain words was given, whatever the target."""
    monkeypatch.setattr(clues, "FAINTEST", 9.0)  # nothing clears
    given = give_clue(english, ["whale"], [], [], allowed=_anything)
    candidates = clues._candidates(english)
    scores = english.table_scores(candidates, ["whale"])[:, 0]
    row = english.row(given.word)
    assert given.number == 1 and given.meant == ("whale",)
    assert row is not None and scores[list(candidates).index(row)] >= np.sort(scores)[-10]
