"""`python tools/build_pocket.py`: the site's partner files (gadget/partner/pockets/<lang>.bin),
made from the server's lexicon (docs/partner.md, "On the static site").

For each language: the lexicon's first words (the shipped lists, then by frequency), each as
a vector whose dot product is the server's score up to a constant (each model's unit vector
times the square root of its weight over its spread, side by side), on its first principal
axes, in int8 with one scale; and for each shipped word, the plain words nearest it as the
server gives clues (the lower model's score), with those scores. The site reads any clue by
the vectors, and gives clues from the lists.

Usage: python tools/build_pocket.py [--words 10000] [--dims 128] [--nearest 150]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import zlib
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gadget.engine.words import SHIPPED  # noqa: E402
from gadget.partner.clues import _candidates  # noqa: E402
from gadget.partner.lexicon import Lexicon, lexicon  # noqa: E402
from gadget.partner.pocket import POCKET_LANGUAGES  # noqa: E402

#: A clue's score is kept in steps of this (int8: -0.64 to 0.635).
SCORE_STEP = 0.005


def folded_vectors(partner: Lexicon, rows: np.ndarray) -> np.ndarray:
    """Each word's models side by side, so that a dot product is the server's score plus a
    constant (Lexicon.scores: each cosine in its spread, weighed, over the weights)."""
    parts = []
    llama = partner._llama_model
    weights = llama.weight + sum(model.weight for model in partner._kept)
    if llama.weight:
        _, deviation = partner._spreads[llama]
        parts.append(partner._known_wordllama[rows] * np.sqrt(llama.weight / deviation / weights))
    for model, table in partner._kept.items():
        _, deviation = partner._spreads[model]
        parts.append(table[rows] * np.sqrt(model.weight / deviation / weights))
    return np.concatenate(parts, axis=1)


def build(language: str, size: int, dims: int, nearest: int) -> Path:
    partner = lexicon(language)
    rows = np.arange(min(size, len(partner.words)))
    side_by_side = folded_vectors(partner, rows)
    centred = side_by_side - side_by_side.mean(axis=0)
    _, _, axes = np.linalg.svd(centred.astype(np.float64), full_matrices=False)
    # The words themselves on the axes, not centred: a clue's dot products keep their order.
    folded = (side_by_side @ axes[:dims].T).astype(np.float32)
    scale = float(np.abs(folded).max() / 127)
    vectors = np.clip(np.round(folded / scale), -127, 127).astype(np.int8)
    candidates = np.array([row for row in _candidates(partner) if row < len(rows)], dtype=np.intp)
    listed = list(
        dict.fromkeys(
            w for words in SHIPPED.values() if words.language == language for w in words.words
        )
    )
    table = partner.table_scores(candidates, listed)  # candidates x listed
    near_rows = np.zeros((len(listed), nearest), dtype="<u2")
    near_scores = np.zeros((len(listed), nearest), dtype=np.int8)
    for place in range(len(listed)):
        best = np.argsort(-table[:, place], kind="stable")[:nearest]
        near_rows[place] = candidates[best]
        steps = np.round(table[best, place] / SCORE_STEP)
        near_scores[place] = np.clip(steps, -128, 127).astype(np.int8)
    # A clue's score where its list lacks it: a line through the folded dot products
    # (vectors as stored) against the scores of a sample of pairs.
    sample = candidates[:: max(1, len(candidates) // 2000)]
    listed_rows = [partner.row(word) for word in listed]
    dots = vectors[sample].astype(np.float32) @ vectors[listed_rows].astype(np.float32).T
    dots *= scale * scale
    exact = partner.table_scores(sample, listed)
    slope, intercept = np.polyfit(dots.ravel(), exact.ravel(), 1)
    head = {
        "language": language,
        "words": [partner.words[row] for row in rows],
        "dims": dims,
        "scale": scale * scale,
        "score_step": SCORE_STEP,
        "listed": listed,
        "nearest": nearest,
        "line": [float(slope), float(intercept)],
    }
    packed_head = zlib.compress(json.dumps(head, ensure_ascii=False).encode("utf-8"), 9)
    body = zlib.compress(
        vectors.tobytes() + near_rows.astype("<u2").tobytes() + near_scores.tobytes(), 9
    )
    path = ROOT / f"gadget/partner/pockets/{language}.bin"
    path.write_bytes(len(packed_head).to_bytes(4, "big") + packed_head + body)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--words", type=int, default=10_000)
    parser.add_argument("--dims", type=int, default=128)
    parser.add_argument("--nearest", type=int, default=150)
    arguments = parser.parse_args()
    for language in POCKET_LANGUAGES:
        started = time.monotonic()
        path = build(language, arguments.words, arguments.dims, arguments.nearest)
        took = time.monotonic() - started
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size:,} bytes, {took:.0f} s")


if __name__ == "__main__":
    main()
