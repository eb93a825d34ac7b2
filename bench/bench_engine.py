"""Engine speed: key cards per second against random.shuffle, and whole games replayed per second.

Run with `make bench`; the results and the machine they came from go in docs/benchmarks.md.
Targets (issue 2): our generator at most 2x a plain random.shuffle of the same 25 pairs,
measured side by side in this one run; at least 5,000 whole games replayed a second.
`--quick`: one short run of each (tests/test_bench_quick.py runs it in `make test`).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable
from functools import partial

from gadget.engine import GameLog, Guess, Setup, Stop, apply, legal_actions, new_game, replay
from gadget.engine.gamelog import parse_game_log
from gadget.engine.keycard import CANONICAL_PAIRS, generate_v1
from gadget.engine.prng import SplitMix64
from gadget.engine.state import Action, GameState

REPEATS = 5
STANDARD = Setup()  # nine tokens, any of them a mistake


def best_rate(work: Callable[[], int], repeats: int = REPEATS) -> float:
    """Items per second of the fastest of several runs, so a busy moment does not count."""
    rates = []
    for _ in range(repeats):
        started = time.perf_counter()
        items = work()
        rates.append(items / (time.perf_counter() - started))
    return max(rates)


def shuffle_ours(count: int = 20_000) -> int:
    pairs = list(CANONICAL_PAIRS)
    for seed in range(count):
        SplitMix64(seed).shuffle(pairs)
    return count


def shuffle_stdlib(count: int = 20_000) -> int:
    pairs = list(CANONICAL_PAIRS)
    for seed in range(count):
        random.Random(seed).shuffle(pairs)
    return count


def shuffle_stdlib_one_generator(count: int = 20_000) -> int:
    pairs = list(CANONICAL_PAIRS)
    generator = random.Random(1)
    for _ in range(count):
        generator.shuffle(pairs)
    return count


def whole_cards(count: int = 20_000) -> int:
    for seed in range(count):
        generate_v1(seed)
    return count


def _is_agent(state: GameState, action: Action) -> bool:
    if not isinstance(action, Guess):
        return False
    judge = state.clue_giver or action.by.partner
    return bool(state.card.green_mask(judge) >> action.cell & 1)


def random_game(seed: int, setup: Setup = STANDARD) -> GameLog:
    """A finished game: a team that guesses agents four times in five, else anything legal."""
    prng = SplitMix64(seed)
    state = new_game(generate_v1(seed), setup)
    actions: list[Action] = []
    while legal := legal_actions(state):
        if prng.below(5):
            legal = (
                [a for a in legal if _is_agent(state, a)]
                or [a for a in legal if isinstance(a, Stop)]
                or legal
            )
        action = legal[prng.below(len(legal))]
        state = apply(state, action)
        actions.append(action)
    return GameLog(state.card, state.setup, tuple(actions))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one short run of each")
    quick = parser.parse_args().quick
    repeats, count, game_count = (1, 500, 50) if quick else (REPEATS, 20_000, 1000)
    games = [random_game(seed) for seed in range(game_count)]
    texts = [game.to_json() for game in games]
    actions = sum(len(game.actions) for game in games)
    won = sum(replay(game).status.value == "won" for game in games)

    ours = best_rate(partial(shuffle_ours, count), repeats)
    stdlib = best_rate(partial(shuffle_stdlib, count), repeats)
    stdlib_one = best_rate(partial(shuffle_stdlib_one_generator, count), repeats)
    cards = best_rate(partial(whole_cards, count), repeats)
    replays = best_rate(lambda: sum(1 for game in games if replay(game)), repeats)
    parsed = best_rate(lambda: sum(1 for text in texts if replay(parse_game_log(text))), repeats)

    results = {
        "python": sys.version.split()[0],
        "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
        "shuffles/s, ours (a new SplitMix64 seed for each)": round(ours),
        "shuffles/s, plain random.shuffle (one generator reused)": round(stdlib_one),
        "shuffles/s, random.Random(seed).shuffle (a new seed for each)": round(stdlib),
        "cost of ours / plain random.shuffle (target <= 2)": round(stdlib_one / ours, 2),
        "cost of ours / random.Random(seed).shuffle": round(stdlib / ours, 2),
        "whole key cards/s (shuffle + checks)": round(cards),
        "games in the replay set": len(games),
        "  of which won": won,
        "  actions per game, mean": round(actions / len(games), 1),
        "games replayed/s from GameLog (target >= 5000)": round(replays),
        "games parsed from JSON and replayed/s": round(parsed),
    }
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
