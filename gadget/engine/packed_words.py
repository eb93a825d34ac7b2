"""A custom list's 25 dealt words packed into a link, and read back from one as hostile input.

A code can name a shipped list, never a player's own: on the static site the 25 words a custom
list dealt travel in the game's link (the list itself stays on phone A). Packed is raw deflate
of the words joined by newlines, in base64url without padding; what a link carries is checked
here, whole, before a word of it reaches a screen.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from typing import Final

from gadget.engine.errors import Message, WordListError, plural
from gadget.engine.keycard import CELLS
from gadget.engine.words import LONGEST_WORD, CardWords, WordsKey, check_listed

# Bytes the 25 words may unpack to: each word at most LONGEST_WORD characters of up to four
# UTF-8 bytes, and its newline. A link that unpacks to more is refused at that size (a bomb
# of a few bytes is never unpacked further).
LARGEST_UNPACKED: Final = CELLS * (LONGEST_WORD + 1) * 4
# Characters a packing of that much may take: deflate's stored blocks add a few bytes, and
# base64 makes 4 characters of 3 bytes. Anything longer is refused before it is decoded.
LONGEST_PACKED: Final = (LARGEST_UNPACKED + 64) * 4 // 3
_BASE64URL: Final = re.compile(r"[A-Za-z0-9_-]*")
_RAW_DEFLATE: Final = -15  # window bits: no zlib header or checksum, six bytes fewer


def pack_words(card: CardWords) -> str:
    """The card's 25 words as a link carries them: raw deflate, base64url, no padding."""
    squeezer = zlib.compressobj(9, zlib.DEFLATED, _RAW_DEFLATE)
    text = "\n".join(card.words).encode("utf-8")
    packed = squeezer.compress(text) + squeezer.flush()
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def unpack_words(packed: str, key: WordsKey | None) -> CardWords:
    """The 25 words a link carries for the code's words key, checked: damaged, oversized, the
    wrong count, a word a list could not hold, or (for a shipped list) words other than the
    ones its seed deals are each refused in one line."""
    if key is None:
        raise WordListError("this game's code deals no words, yet its link carries some")
    text = _unpacked(packed)
    words = tuple(text.split("\n"))
    if len(words) != CELLS:
        raise WordListError(
            "{problem}",
            problem=plural(
                "the link carries {count} word; a game has {cells}",
                "the link carries {count} words; a game has {cells}",
                len(words),
                cells=CELLS,
            ),
        )
    check_listed(words, Message("of the link"))
    return CardWords(key, words)  # a shipped list's: refused unless its seed deals them


def _unpacked(packed: str) -> str:
    """The text a packing holds, never more than LARGEST_UNPACKED bytes of it."""
    if len(packed) > LONGEST_PACKED:
        raise WordListError(
            "the link's words take {count} characters; a game's 25 take at most {longest}",
            count=len(packed),
            longest=LONGEST_PACKED,
        )
    damaged = WordListError(
        "the words in this link are cut short or damaged: copy the whole link, or scan the code"
    )
    if not _BASE64URL.fullmatch(packed) or len(packed) % 4 == 1:
        raise damaged
    try:
        data = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
    except (binascii.Error, ValueError):
        raise damaged from None
    unsqueezer = zlib.decompressobj(_RAW_DEFLATE)
    try:
        unpacked = unsqueezer.decompress(data, LARGEST_UNPACKED + 1)
    except zlib.error:
        raise damaged from None
    if len(unpacked) > LARGEST_UNPACKED or unsqueezer.unconsumed_tail:
        raise WordListError(
            "the link's words unpack to more than {limit} bytes; a game's 25 words are fewer",
            limit=LARGEST_UNPACKED,
        )
    if not unsqueezer.eof or unsqueezer.unused_data:
        raise damaged
    try:
        return unpacked.decode("utf-8")
    except UnicodeDecodeError:
        raise damaged from None
