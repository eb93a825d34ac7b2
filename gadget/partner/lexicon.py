"""How alike two words are to the app's partner: word-embedding models, their cosines weighed
and added, WordLlama run here and the others read from vectors computed when the lexicon was
built (English: MiniLM, tools/build_lexicon.py; French: spaCy's fastText and the multilingual
Universal Sentence Encoder, tools/build_lexicon_fr.py), all from files in installed packages,
never the network."""

from __future__ import annotations

import importlib.util
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt
from safetensors.numpy import load_file
from tokenizers import Tokenizer

from gadget.engine.words import folded
from gadget.partner import clues
from gadget.partner.reading import LONGEST_EDITED_FROM, GivenClue, PartnerError, one_letter_away

Matrix = npt.NDArray[np.float32]


@dataclass(frozen=True, slots=True)
class Model:
    """One model's part of a score: its name in the lexicon file, its size, its weight
    (measured on human Duet turns: docs/partner.md), and what its cosines are multiplied by
    when a clue is chosen (so that one model's margins fit every language's)."""

    name: str
    size: int
    weight: float
    clue_scale: float = 1.0


WORDLLAMA: Final = Model("wordllama", 256, 1.0)
MINILM: Final = Model("minilm", 192, 1.3)
SPACY_FR: Final = Model("spacy", 192, 1.0, 0.5)  # 0.5, 0.7: their spreads to about WordLlama's
USE_FR: Final = Model("use", 192, 1.5, 0.7)
#: Each language's models: WordLlama first (weight 0: it reads only the words no other model
#: holds; it reads French by its letters), then those whose vectors the lexicon keeps.
MODELS: Final = {
    "en": (WORDLLAMA, MINILM),
    "fr": (replace(WORDLLAMA, weight=0.0), SPACY_FR, USE_FR),
}
#: WordLlama's files in its wheel: its loader would fetch the tokenizer from the network.
_WORDLLAMA_WEIGHTS: Final = "weights/l2_supercat_256.safetensors"
_WORDLLAMA_TOKENIZER: Final = "tokenizers/l2_supercat_tokenizer_config.json"
LANGUAGES: Final = tuple(MODELS)


def quantized(vectors: Matrix) -> npt.NDArray[np.int8]:
    """Each row at length one, then in int8 with its largest value at 127 (the cosine
    re-normalises a row, so its scale is not kept)."""
    largest = np.abs(vectors).max(axis=1, keepdims=True)
    scaled = np.round(vectors / np.maximum(largest, 1e-12) * 127)
    return np.asarray(scaled, dtype=np.int8)


def _unit(vectors: npt.NDArray[np.generic]) -> Matrix:
    """Rows of length one (a zero row stays zero: that model does not know the word)."""
    values = vectors.astype(np.float32)
    lengths = np.linalg.norm(values, axis=1, keepdims=True)
    return np.asarray(values / np.maximum(lengths, 1e-12), dtype=np.float32)


class _WordLlama:
    """WordLlama's 256-dimension model from its own package folder: a word's vector is the
    mean of its tokens' vectors."""

    def __init__(self) -> None:
        folder = _package_folder("wordllama")
        self.table = load_file(str(folder / _WORDLLAMA_WEIGHTS))["embedding.weight"]
        self.tokenizer = Tokenizer.from_file(str(folder / _WORDLLAMA_TOKENIZER))
        self.tokenizer.no_padding()
        self.tokenizer.no_truncation()
        self._lock = threading.Lock()  # a tokenizer is asked from one thread at a time

    def vectors(self, words: Sequence[str]) -> Matrix:
        """Each word's vector, of length one."""
        with self._lock:
            encoded = self.tokenizer.encode_batch(list(words), add_special_tokens=False)
        rows = np.zeros((len(words), WORDLLAMA.size), dtype=np.float32)
        for row, tokens in enumerate(encoded):
            if tokens.ids:
                rows[row] = self.table[tokens.ids].astype(np.float32).mean(axis=0)
        return _unit(rows)


class Lexicon:
    """The words a language's partner knows, and how alike any two words are."""

    def __init__(self, language: str) -> None:
        if language not in LANGUAGES:
            raise PartnerError(
                "the app's partner speaks {languages} so far, not {language}",
                languages=", ".join(LANGUAGES),
                language=language,
            )
        self.language = language
        self._llama_model, *kept = MODELS[language]
        source = resources.files("gadget.partner").joinpath(f"lexicons/{language}.npz")
        with resources.as_file(source) as path, np.load(path, allow_pickle=False) as stored:
            self.words: tuple[str, ...] = tuple(bytes(stored["words"]).decode().split("\n"))
            self._kept = {model: _unit(stored[model.name]) for model in kept}
            #: The rows of plain words (no names of people or places): the clues it gives.
            self.clue_rows = np.flatnonzero(stored["clue"]).astype(np.intp)
        self._row: dict[str, int] = {}
        for row, word in enumerate(self.words):  # "pêche" and "péché": the more frequent
            self._row.setdefault(_key(word), row)
        self._wordllama = _WordLlama()
        self._known_wordllama = self._wordllama.vectors(self.words)
        self._spreads = {self._llama_model: _spread_of(self._known_wordllama)}
        self._spreads.update({model: _spread_of(table) for model, table in self._kept.items()})

    def clue_scores(self, clue: str, words: Sequence[str]) -> list[float]:
        """How alike the clue is to each word (a Reader's: gadget/partner/reading.py)."""
        return [float(score) for score in self.scores([clue], words)[0]]

    def give_clue(
        self,
        targets: Sequence[str],
        assassins: Sequence[str],
        bystanders: Sequence[str],
        *,
        allowed: Callable[[str], bool],
        given_before: Sequence[str] = (),
    ) -> GivenClue:
        """The best clue among every plain word of the lexicon (clues.py)."""
        return clues.give_clue(
            self, targets, assassins, bystanders, allowed=allowed, given_before=given_before
        )

    def row(self, word: str) -> int | None:
        """The word's row in the lexicon (None: a word the lexicon does not hold)."""
        return self._row.get(_key(word))

    def scores(self, clues: Sequence[str], words: Sequence[str]) -> Matrix:
        """How alike each clue is to each word (clues x words): each model's cosine, counted
        in its own spread over random pairs (so that models and words compare), weighed and
        added over the models that hold both words (WordLlama holds every word)."""
        clue_rows, word_rows = self._rows(clues), self._rows(words)
        llama_model = self._llama_model
        llama = self._spread(
            llama_model, self._llama(clues, clue_rows) @ self._llama(words, word_rows).T
        )
        total = llama_model.weight * llama
        weights = np.full(total.shape, llama_model.weight, dtype=np.float32)
        for model, table in self._kept.items():
            clue_vectors, clue_known = self._stand_ins(table, clues, clue_rows)
            word_vectors, word_known = self._stand_ins(table, words, word_rows)
            both = np.outer(clue_known, word_known)
            if not both.any():
                continue
            cosines = clue_vectors @ word_vectors.T
            total += np.where(both, model.weight * self._spread(model, cosines), 0.0)
            weights += np.where(both, model.weight, 0.0)
        read = weights > 0  # else WordLlama alone reads the pair
        return np.asarray(
            np.where(read, total / np.maximum(weights, 1e-12), llama), dtype=np.float32
        )

    def table_scores(self, candidates: npt.NDArray[np.intp], words: Sequence[str]) -> Matrix:
        """How alike each candidate clue (rows of the lexicon) is to each word, as the model
        that finds them least alike says: a clue the partner gives must read the same to
        both (one model alone finds "sank" near SINK by its letters). For a word the lexicon
        does not hold, WordLlama alone."""
        rows = self._rows(words)
        result = self._known_wordllama[candidates] @ self._llama(words, rows).T
        known = [place for place, row in enumerate(rows) if row is not None]
        chosen = [row for row in rows if row is not None]
        if not self._llama_model.weight:  # WordLlama reads only the words the others lack
            result[:, known] = np.inf
        for model, table in self._kept.items():
            cosines = model.clue_scale * (table[candidates] @ table[chosen].T)
            result[:, known] = np.minimum(result[:, known], cosines)
        return np.asarray(result, dtype=np.float32)

    def _stand_ins(
        self, table: Matrix, words: Sequence[str], rows: list[int | None]
    ) -> tuple[Matrix, npt.NDArray[np.bool_]]:
        """A kept model's vectors of the words, and which it has: a word the lexicon lacks
        takes the mean of two words it holds that make it ("secretagent"), or else the most
        frequent word one letter away ("calender"); otherwise none."""
        vectors = np.zeros((len(words), table.shape[1]), dtype=np.float32)
        known = np.zeros(len(words), dtype=np.bool_)
        for place, (word, row) in enumerate(zip(words, rows, strict=True)):
            found = [row] if row is not None else self._made_of(_key(word))
            if found:
                vectors[place] = table[found].mean(axis=0)
                known[place] = True
        return _unit(vectors), known

    def _made_of(self, word: str) -> list[int]:
        """The rows of two held words that make this one, or of the one held word a letter
        away from it (the most frequent: the lexicon is in order of frequency after its
        shipped lists); none when nothing fits."""
        joined = word.replace(" ", "").replace("-", "")
        splits = [
            (self._row[joined[:cut]], self._row[joined[cut:]])
            for cut in range(3, len(joined) - 2)
            if joined[:cut] in self._row and joined[cut:] in self._row
        ]
        if splits:
            return list(min(splits, key=max))
        if len(joined) < LONGEST_EDITED_FROM:
            return []
        near = [self._row[edit] for edit in one_letter_away(joined) if edit in self._row]
        return [min(near)] if near else []

    def _rows(self, words: Sequence[str]) -> list[int | None]:
        return [self.row(word) for word in words]

    def _llama(self, words: Sequence[str], rows: list[int | None]) -> Matrix:
        """WordLlama's vectors of the words: the lexicon's, or computed for the words it lacks."""
        vectors: Matrix = self._known_wordllama[[row or 0 for row in rows]]
        missing = [place for place, row in enumerate(rows) if row is None]
        if missing:
            spelled = [words[place].casefold().strip() for place in missing]  # its accents too
            vectors[missing] = self._wordllama.vectors(spelled)
        return vectors

    def _spread(self, model: Model, cosines: Matrix) -> Matrix:
        """Cosines counted in the model's spread: how far above a random pair's, in its
        standard deviations (measured on the lexicon's own words when it is read)."""
        mean, deviation = self._spreads[model]
        return np.asarray((cosines - mean) / deviation, dtype=np.float32)


def _package_folder(name: str) -> Path:
    """An installed package's folder, found without importing it (WordLlama's own package
    loads its download machinery)."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise PartnerError("the package {name} is not installed: pip install -e .", name=name)
    return Path(next(iter(spec.submodule_search_locations)))


def _spread_of(table: Matrix, pairs: int = 4000) -> tuple[float, float]:
    """The mean and standard deviation of a model's cosine over pairs of the lexicon's words
    (rows far apart, the same pairs every time)."""
    half = min(pairs, len(table) // 2)
    cosines = np.einsum("ij,ij->i", table[:half], table[len(table) - half :])
    return float(cosines.mean()), float(cosines.std()) or 1.0


def _key(word: str) -> str:
    """A word as the lexicon holds it: folded to lower case, spaces kept."""
    return folded(word).strip()


_LOADING: Final = threading.Lock()


@cache
def _loaded(language: str) -> Lexicon:
    return Lexicon(language)


def language_of_words(words: Sequence[str]) -> str:
    """The language whose lexicon holds the most of these words (the players' own list; a
    tie is English's)."""
    return max(
        LANGUAGES,
        key=lambda language: sum(lexicon(language).row(word) is not None for word in words),
    )


def lexicon(language: str) -> Lexicon:
    """The language's lexicon, read once a process (a few tenths of a second: call it off the
    event loop)."""
    with _LOADING:
        return _loaded(language)
