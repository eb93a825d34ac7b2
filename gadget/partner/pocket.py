"""The partner in the phone's browser (the static site): pure Python, no numpy, reading a
small file precomputed from the server's lexicon (tools/build_pocket.py): the most frequent
words' vectors, the server's scores folded into a few dimensions, for reading any clue; and
for each shipped word, the clues nearest it with the server's own scores, for giving one."""

from __future__ import annotations

import json
import zlib
from array import array
from collections.abc import Callable, Sequence
from functools import cache
from importlib import resources

from gadget.engine.words import folded
from gadget.partner.clue_rules import danger_of, looks_like, worth
from gadget.partner.reading import LONGEST_EDITED_FROM, GivenClue, PartnerError, one_letter_away

POCKET_LANGUAGES = ("en", "fr")
#: A word the pocket cannot read scores this against every clue: last, never meant.
UNREAD = -9.0


class Pocket:
    """A language's pocket lexicon: a Reader (gadget/partner/reading.py)."""

    def __init__(self, language: str, data: bytes) -> None:
        self.language = language
        head_size = int.from_bytes(data[:4], "big")
        head = json.loads(zlib.decompress(data[4 : 4 + head_size]).decode("utf-8"))
        body = zlib.decompress(data[4 + head_size :])
        self.words: list[str] = head["words"]
        self.dims: int = head["dims"]
        self._scale: float = head["scale"]
        self._score_step: float = head["score_step"]
        self._slope, self._intercept = float(head["line"][0]), float(head["line"][1])
        self._row: dict[str, int] = {}
        for row, word in enumerate(self.words):
            self._row.setdefault(folded(word), row)
        count = len(self.words) * self.dims
        self._vectors = array("b", body[:count])
        listed: list[str] = head["listed"]
        size: int = head["nearest"]
        rows = array("H", body[count : count + 2 * size * len(listed)])  # little-endian, as
        # the file is written and as both this machine and WebAssembly read it
        scores = array("b", body[count + 2 * size * len(listed) :])
        self._bounds: dict[str, float] = {}
        self._nearest: dict[str, dict[int, float]] = {}
        for place, word in enumerate(listed):
            part = range(place * size, (place + 1) * size)
            near = {rows[at]: scores[at] * self._score_step for at in part}
            self._nearest[folded(word)] = near
            self._bounds[folded(word)] = min(near.values())

    def knows(self, word: str) -> bool:
        """Whether the pocket reads this word (the site asks before taking a clue)."""
        return self._vector(word) is not None

    def clue_scores(self, clue: str, words: Sequence[str]) -> list[float]:
        """How alike the clue is to each word: the server's score, folded into the pocket's
        dimensions (a word it cannot read: UNREAD)."""
        asked = self._vector(clue)
        if asked is None:
            raise PartnerError("the app does not know the word {word}: give another", word=clue)
        result = []
        for word in words:
            vector = self._vector(word)
            if vector is None:
                result.append(UNREAD)
            else:
                result.append(sum(a * b for a, b in zip(asked, vector, strict=True)) * self._scale)
        return result

    def give_clue(
        self,
        targets: Sequence[str],
        assassins: Sequence[str],
        bystanders: Sequence[str],
        *,
        allowed: Callable[[str], bool],
        given_before: Sequence[str] = (),
    ) -> GivenClue:
        """The best clue among the words nearest its targets, by clue_rules' rule; a word's
        score for a candidate its list lacks is estimated from the vectors, never above the
        last one its list keeps."""
        if not targets:
            raise PartnerError("the partner has no green word left to give a clue for")
        words = [*targets, *assassins, *bystanders]
        near = [self._near(word) for word in words]
        bounds = [self._bounds.get(folded(word), UNREAD) for word in words]
        vectors = [self._vector(word) for word in words]
        chosen = len(targets)
        candidates = sorted({row for lists in near[:chosen] for row in lists})
        valued = []
        for row in candidates:
            clue = self._vectors[row * self.dims : (row + 1) * self.dims]
            scores = [
                lists[row] if row in lists else self._estimate(clue, vector, bound)
                for lists, vector, bound in zip(near, vectors, bounds, strict=True)
            ]
            meant = sorted(
                ((scores[place], place) for place in range(chosen)),
                key=lambda pair: (-pair[0], pair[1]),
            )
            others = scores[chosen:]
            danger = danger_of(others[: len(assassins)], others[len(assassins) :])
            count, value = worth([score for score, _ in meant], danger)
            nearest = meant[0][0] - (danger if danger != float("-inf") else 0.0)
            valued.append((value, nearest, count, row, meant))
        if not any(value != float("-inf") for value, *_ in valued):  # the one word it is nearest
            valued = [(nearest, nearest, 1, row, meant) for _, nearest, _, row, meant in valued]
        said = {folded(word) for word in given_before}
        for _value, _, count, row, meant in sorted(valued, key=lambda item: (-item[0], item[3])):
            word = self.words[row]
            if folded(word) not in said and not looks_like(word, words) and allowed(word):
                return GivenClue(word, count, tuple(targets[place] for _, place in meant[:count]))
        raise PartnerError("the partner found no clue the table's rules allow")

    def _estimate(self, clue: array[int], vector: array[int] | None, bound: float) -> float:
        """A clue's score for a word whose list lacks it: the vectors' line, below the
        word's nearest clues kept (UNREAD for a word the pocket cannot read)."""
        if vector is None:
            return UNREAD
        dot = sum(a * b for a, b in zip(clue, vector, strict=True)) * self._scale
        return min(self._slope * dot + self._intercept, bound)

    def _near(self, word: str) -> dict[int, float]:
        """The clues nearest a shipped word, with their scores (none for another word)."""
        return self._nearest.get(folded(word), {})

    def _vector(self, word: str) -> array[int] | None:
        """A word's vector, or the mean of two it is made of ("secretagent"), or the most
        frequent word one letter from it (six letters on: a typo); None else."""
        key = folded(word).strip()
        row = self._row.get(key)
        if row is not None:
            return self._vectors[row * self.dims : (row + 1) * self.dims]
        joined = key.replace(" ", "").replace("-", "")
        for cut in range(3, len(joined) - 2):
            left, right = self._row.get(joined[:cut]), self._row.get(joined[cut:])
            if left is not None and right is not None:
                a = self._vectors[left * self.dims : (left + 1) * self.dims]
                b = self._vectors[right * self.dims : (right + 1) * self.dims]
                return array("b", ((x + y) // 2 for x, y in zip(a, b, strict=True)))
        if len(joined) >= LONGEST_EDITED_FROM:  # a typo: the most frequent word a letter away
            near = [self._row[edit] for edit in one_letter_away(joined) if edit in self._row]
            if near:
                row = min(near)
                return self._vectors[row * self.dims : (row + 1) * self.dims]
        return None


@cache
def pocket(language: str) -> Pocket:
    """The language's pocket, read once (about a megabyte: the site reads it when the app
    first plays)."""
    if language not in POCKET_LANGUAGES:
        raise PartnerError(
            "the app plays in {languages}, not {language}",
            languages=", ".join(POCKET_LANGUAGES),
            language=language,
        )
    data = resources.files("gadget.partner").joinpath(f"pockets/{language}.bin").read_bytes()
    return Pocket(language, data)
