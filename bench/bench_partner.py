"""The app's Duet partner measured (issue 38; docs/partner.md holds the figures):

- guessing: on human Duet turns, how often its first word is the human partner's first touch
  (top-1) and among its first three (top-3); the same for the independent guesser and chance;
- clues: for each human clue case, whether the clue leads a guesser built on another model
  (GloVe, bench/partner_play.py) to its targets (its first N words all targets, N the clue's
  number), the app's clue against the human's own;
- play: whole standard games (9 tokens) with the app on both sides, and with its clues guessed
  by the independent guesser: wins, turns used, assassins met; then every mission bank of the
  map with the app on both sides;
- speed: a clue and a guess, median and slowest, on this machine.

Each figure is measured in English and in French (--language to choose one). The human turns
come from a published study's data (the file names its source); they are never shipped. Give
their file with --turns or GADGET_HUMAN_TURNS, and the French cases made from it
(tools/build_french_turns.py) with --turns-fr or GADGET_HUMAN_TURNS_FR; without them the
human figures are left out. `--fit` prints the softmax temperature that best explains the human
first touches. `--quick`: a few of everything (tests/test_bench_partner.py runs it).

Usage: python bench/bench_partner.py [--turns FILE] [--turns-fr FILE] [--language en|fr]
[--games 1000] [--bank-games 100] [--quick]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from partner_play import Independent, Played, allowed, play

from gadget.engine import Setup
from gadget.engine.words import deal_words, newest_list
from gadget.missions.map import default_map
from gadget.partner import guessing
from gadget.partner.clues import give_clue
from gadget.partner.lexicon import LANGUAGES, Lexicon, lexicon
from gadget.partner.pocket import pocket
from gadget.partner.reading import PartnerError, Reader


def _rate(hits: int, total: int) -> str:
    return f"{hits / total:.3f} ({hits}/{total})" if total else "none"


def guessing_figures(partner: Lexicon, independent: Independent, turns: Sequence[Any]) -> None:
    """Top-1 and top-3 of the app, the independent guesser and chance, on human turns."""
    app1 = app3 = other1 = other3 = 0
    chance1 = chance3 = 0.0
    for turn in turns:
        board, first = turn["board"], turn["guesses"][0]
        ranked = [item.word for item in guessing.ranked(partner, turn["clue"], board)]
        app1 += ranked[0] == first
        app3 += first in ranked[:3]
        theirs = independent.ranked(turn["clue"], board)
        other1 += theirs[0] == first
        other3 += first in theirs[:3]
        chance1 += 1 / len(board)
        chance3 += min(3, len(board)) / len(board)
    count = len(turns)
    print(f"guessing, {count} human turns (first touch):")
    print(f"  app          top-1 {_rate(app1, count)}  top-3 {_rate(app3, count)}")
    print(f"  independent  top-1 {_rate(other1, count)}  top-3 {_rate(other3, count)}")
    print(f"  chance       top-1 {chance1 / count:.3f}  top-3 {chance3 / count:.3f}")


def calibration_figures(partner: Lexicon, turns: Sequence[Any], fit: bool) -> None:
    """How often a first word as sure as the stopping line is the human's first touch; with
    `fit`, the temperature that best explains the human first touches."""
    sure = [
        (ranked[0].chance, ranked[0].word == turn["guesses"][0])
        for turn in turns
        for ranked in [guessing.ranked(partner, turn["clue"], turn["board"])]
    ]
    above = [right for chance, right in sure if chance >= guessing.SURE_ENOUGH]
    below = [right for chance, right in sure if chance < guessing.SURE_ENOUGH]
    print(
        f"  sure enough (chance >= {guessing.SURE_ENOUGH}): {len(above)} turns, right "
        f"{_rate(sum(above), len(above))}; below: {len(below)} turns, right "
        f"{_rate(sum(below), len(below))}"
    )
    if not fit:
        return
    scores = [
        (partner.scores([turn["clue"]], turn["board"])[0], turn["board"].index(turn["guesses"][0]))
        for turn in turns
    ]

    def likelihood(temperature: float) -> float:
        """The log-likelihood of the human first touches at this temperature."""
        total = 0.0
        for row, first in scores:
            scaled = (row - row.max()) / temperature
            total += float(scaled[first]) - math.log(float(np.exp(scaled).sum()))
        return total

    best = max((step / 100 for step in range(5, 300, 5)), key=likelihood)
    print(f"  fitted temperature: {best}")


def clue_figures(partner: Lexicon, independent: Independent, cases: Sequence[Any]) -> None:
    """How often the app's clue and the human's lead the independent guesser to targets."""
    human = app = 0
    numbers = []
    for case in cases:
        board = tuple(case["targets"] + case["assassins"] + case["bystanders"])
        given = give_clue(
            partner, case["targets"], case["assassins"], case["bystanders"],
            allowed=lambda word, board=board: allowed(word, board, partner.language),
        )  # fmt: skip
        numbers.append(given.number)
        human += _leads(independent, case["clue"], len(case["targets"]), case, board)
        app += _leads(independent, given.word, given.number, case, board)
    count = len(cases)
    print(f"clues, {count} human clue cases, read by the independent guesser:")
    print(f"  human clue leads to its targets {_rate(human, count)}")
    mean = statistics.mean(numbers)
    print(f"  app's clue leads to its targets {_rate(app, count)}  (mean number {mean:.2f})")


def _leads(
    independent: Independent, clue: str, number: int, case: Any, board: Sequence[str]
) -> bool:
    """Whether the guesser's first `number` words for the clue are all targets."""
    return all(word in case["targets"] for word in independent.ranked(clue, board)[:number])


def play_figures(label: str, games: list[Played]) -> None:
    """Wins, turns used and assassins met over whole games."""
    count = len(games)
    if not count:
        return
    turns = statistics.mean(game.turns for game in games)
    won = sum(game.won for game in games)
    assassins = sum(game.assassin for game in games)
    met = _rate(assassins, count)
    print(f"  {label}: won {_rate(won, count)}, turns {turns:.1f}, assassins {met}")


def speed_figures(partner: Reader, samples: int) -> None:
    """A clue and a guess on dealt boards: median and slowest (s)."""
    clue_times, guess_times = [], []
    probe = {"en": "ocean", "fr": "océan"}[partner.language]
    for seed in range(samples):
        words = deal_words(newest_list(partner.language).words, seed)
        clue_times.append(_timed(partial(_clue_of, partner, words)))
        guess_times.append(_timed(partial(guessing.ranked, partner, probe, words)))
    for name, times in (("clue", clue_times), ("guess", guess_times)):
        print(f"  {name}: median {statistics.median(times):.4f} s, slowest {max(times):.4f} s")


def _clue_of(partner: Reader, words: Sequence[str]) -> object:
    """A clue for the first 8 words, the 9th an assassin, the rest bystanders."""
    return partner.give_clue(words[:8], words[8:9], words[9:], allowed=lambda _: True)


def _timed(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=Path, default=os.environ.get("GADGET_HUMAN_TURNS"))
    parser.add_argument("--turns-fr", type=Path, default=os.environ.get("GADGET_HUMAN_TURNS_FR"))
    parser.add_argument("--language", choices=LANGUAGES, action="append")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--bank-games", type=int, default=100)
    parser.add_argument("--fit", action="store_true")
    parser.add_argument("--quick", action="store_true")
    arguments = parser.parse_args()
    print(
        f"machine: {platform.machine()}, Python {platform.python_version()}, {os.cpu_count()} cores"
    )
    files = {"en": arguments.turns, "fr": arguments.turns_fr}
    for language in arguments.language or LANGUAGES:
        print(f"== {language}")
        measure(language, files[language], arguments)


def measure(language: str, turns_file: Path | None, arguments: argparse.Namespace) -> None:
    """Every figure in one language."""
    games, bank_games, samples = (
        (4, 1, 5) if arguments.quick else (arguments.games, arguments.bank_games, 50)
    )
    started = time.perf_counter()
    partner = lexicon(language)
    print(f"lexicon: {len(partner.words)} words, read in {time.perf_counter() - started:.2f} s")
    independent = Independent(language)
    if turns_file:
        data = json.loads(Path(turns_file).read_text(encoding="utf-8"))
        turns, cases = data["guesses"], data["clues"]
        if arguments.quick:
            turns, cases = turns[:20], cases[:20]
        guessing_figures(partner, independent, turns)
        calibration_figures(partner, turns, arguments.fit)
        clue_figures(partner, independent, cases)
    else:
        option = "--turns" if language == "en" else "--turns-fr"
        print(f"human turns: not given ({option} FILE)")
    print(f"play, standard games (9 tokens, 9 mistakes), {games} each:")
    play_figures("app with itself", [play(partner, seed) for seed in range(games)])
    guesser = independent.toucher()
    play_figures(
        "app's clues, independent guesser", [play(partner, seed, guesser) for seed in range(games)]
    )
    print(f"play, the map's mission banks (turns-mistakes), app with itself, {bank_games} each:")
    banks = sorted({(mission.turns, mission.mistakes) for mission in default_map().missions})
    for turns_bank, mistakes in banks if bank_games else ():
        setup = Setup(tokens=turns_bank, mistakes=mistakes)
        played = [play(partner, 10_000 + seed, setup=setup) for seed in range(bank_games)]
        play_figures(f"{turns_bank}-{mistakes}", played)
    print(f"speed, {samples} boards:")
    speed_figures(partner, samples)
    site_figures(language, turns if turns_file else [], games, samples)


def site_figures(language: str, turns: Sequence[Any], games: int, samples: int) -> None:
    """The site's pocket partner (gadget/partner/pocket.py, plain Python): guessing on the
    human turns (a clue it cannot read counts as a miss), play, and a clue's time here (the
    browser's is the browser test's: tests/test_browser_site_partner.py)."""
    started = time.perf_counter()
    reader = pocket(language)
    print(f"the site's pocket: {len(reader.words)} words, read in "
          f"{time.perf_counter() - started:.2f} s")  # fmt: skip
    if turns:
        top1 = top3 = unread = 0
        for turn in turns:
            try:
                ranked = [
                    item.word for item in guessing.ranked(reader, turn["clue"], turn["board"])
                ]
            except PartnerError:
                unread += 1
                continue
            top1 += ranked[0] == turn["guesses"][0]
            top3 += turn["guesses"][0] in ranked[:3]
        count = len(turns)
        print(f"  pocket       top-1 {_rate(top1, count)}  top-3 {_rate(top3, count)}"
              f"  (clues it cannot read: {unread})")  # fmt: skip
    play_figures("pocket with itself", [play(reader, seed) for seed in range(games)])
    guesser = Independent(language).toucher()
    play_figures(
        "pocket's clues, independent guesser",
        [play(reader, seed, guesser) for seed in range(games)],
    )
    speed_figures(reader, samples)


if __name__ == "__main__":
    main()
