"""A custom list's 25 dealt words in a site link: packed small, read back whole, and anything
else a link may carry refused in one line (damaged, a zip bomb, the wrong count, a word no
list holds, words the code's seed does not deal); the link's QR code checked before a deal."""

from __future__ import annotations

import base64
import zlib

import pytest

from gadget.engine import Deal, Player
from gadget.engine.errors import WordListError
from gadget.engine.packed_words import (
    LARGEST_UNPACKED,
    LONGEST_PACKED,
    pack_words,
    unpack_words,
)
from gadget.engine.words import CUSTOM_LIST, WordsKey, custom_words, read_word_list, shipped_words
from gadget.services import addresses
from gadget.views.parts.qr import LARGEST_VERSION, fits_qr, qr_side, qr_version

CUSTOM = WordsKey(CUSTOM_LIST, 4242)
LIST = tuple(f"Wörd{number}" for number in range(60))
CARD = custom_words(LIST, CUSTOM.seed)


def _packed(text: str | bytes, raw: bool = True) -> str:
    """Text packed as a link carries it (raw deflate, base64url without padding)."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    squeezer = zlib.compressobj(9, zlib.DEFLATED, -15 if raw else 15)
    return _b64(squeezer.compress(data) + squeezer.flush())


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _words(*changed: tuple[int, str]) -> str:
    """The card's 25 words joined as a packing holds them, some replaced."""
    words = list(CARD.words)
    for place, word in changed:
        words[place] = word
    return "\n".join(words)


def test_the_25_words_pack_as_raw_deflate_in_base64url_and_come_back_the_same() -> None:
    packed = pack_words(CARD)
    assert set(packed) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert not packed.endswith("=")
    data = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
    assert zlib.decompress(data, -15).decode("utf-8") == "\n".join(CARD.words)
    assert unpack_words(packed, CUSTOM) == CARD
    assert len(packed) < len("\n".join(CARD.words).encode("utf-8"))  # compressed


def test_a_shipped_lists_words_come_back_only_as_its_seed_deals_them() -> None:
    key = WordsKey(0, 77)
    card = shipped_words(key)
    assert unpack_words(pack_words(card), key) == card
    other = shipped_words(WordsKey(0, 78))
    with pytest.raises(WordListError, match="not the ones list en-1 deals"):
        unpack_words(pack_words(other), key)
    with pytest.raises(WordListError, match="not the ones list en-1 deals"):
        unpack_words(pack_words(CARD), key)


@pytest.mark.parametrize(
    ("packed", "refusal"),
    [
        ("abc$def", "cut short or damaged"),  # not base64url
        ("abc=", "cut short or damaged"),  # padding is not written
        ("abcde", "cut short or damaged"),  # a length base64 never has
        (_b64(b"\xff\xfe\x00junk that is no deflate stream"), "cut short or damaged"),
        (_packed(_words())[:-6], "cut short or damaged"),  # a link cut short
        (_b64(base64.urlsafe_b64decode(_packed(_words()) + "==") + b"x"), "cut short or damaged"),
        (_packed(_words(), raw=False), "cut short or damaged"),  # zlib's header: not raw
        (_packed(b"\xc3\x28" + b"a\n" * 24), "cut short or damaged"),  # not UTF-8
        ("", "cut short or damaged"),  # ?words= and nothing
        (_packed(""), "carries 1 word; a game has 25"),
        (_packed("\n".join(CARD.words[:24])), "carries 24 words; a game has 25"),
        (_packed(_words() + "\nextra"), "carries 26 words; a game has 25"),
        (_packed(_words((3, ""))), "word 4 of the link is empty"),
        (_packed(_words((3, "  "))), "word 4 of the link is empty"),
        (_packed(_words((0, "x" * 41))), "has 41 characters; a word has at most 40"),
        (_packed(_words((5, "bad\u200bword"))), "does not print"),
        (_packed(_words((5, "bad\x07word"))), "does not print"),
        (_packed(_words((7, CARD.words[2].upper()))), "is in the list twice"),
        (_packed(_words((4, "two,words"))), "word 5 of the link, “two,words”, is not written"),
        (_packed(_words((4, " spaced"))), "word 5 of the link, “ spaced”, is not written"),
        (_packed(_words((9, "one\u2028two"))), "word 10 of the link"),
        (_packed(_words((9, "cafe\u0301"))), "word 10 of the link"),  # not composed (NFC)
    ],
)
def test_anything_else_a_link_carries_is_refused_in_one_line(packed: str, refusal: str) -> None:
    with pytest.raises(WordListError) as refused:
        unpack_words(packed, CUSTOM)
    said = str(refused.value)
    assert refusal in said, said
    assert "\n" not in said and "Traceback" not in said


def test_a_zip_bomb_is_refused_at_the_size_25_words_may_take() -> None:
    bomb = _packed("a" * 4_000_000)  # 5 kB of link unpacking to 4 MB
    assert len(bomb) <= LONGEST_PACKED
    with pytest.raises(WordListError, match=f"more than {LARGEST_UNPACKED} bytes"):
        unpack_words(bomb, CUSTOM)
    # 25 words of 40 three-byte characters (the widest a phone draws: U+1EBF, e with a
    # circumflex and an acute) fit under the limit, and come back.
    longest = tuple(f"{number:02d}" + "\u1ebf" * 38 for number in range(25))
    assert len("\n".join(longest).encode("utf-8")) <= LARGEST_UNPACKED
    card = custom_words(read_word_list("\n".join(longest)), 1)
    assert unpack_words(pack_words(card), card.key) == card


def test_a_link_longer_than_any_packing_is_refused_before_it_is_decoded() -> None:
    # 25 words of 40 four-byte characters and their line breaks, 4,100 bytes, with 64 bytes
    # of deflate's own, in base64: 5,552 characters, and not one more.
    assert LARGEST_UNPACKED == 4100
    with pytest.raises(WordListError, match="take 5553 characters; a game's 25 take at most 5552"):
        unpack_words("A" * 5553, CUSTOM)
    with pytest.raises(WordListError, match="cut short or damaged"):
        unpack_words("A" * 5552, CUSTOM)  # read, and found not to be deflate


def test_words_unpacking_to_one_byte_more_than_25_words_take_are_refused() -> None:
    just_over = _packed("a" * (LARGEST_UNPACKED + 1))
    with pytest.raises(WordListError, match=f"more than {LARGEST_UNPACKED} bytes"):
        unpack_words(just_over, CUSTOM)


def test_words_on_a_code_that_deals_none_are_refused() -> None:
    with pytest.raises(WordListError, match="deals no words, yet its link carries some"):
        unpack_words(pack_words(CARD), None)


def test_the_site_link_carries_the_words_after_the_code() -> None:
    code = Deal(31, words=CUSTOM).code
    packed = pack_words(CARD)
    link = addresses.site_join_link("https://x.example/gadget/#/", code, packed)
    assert link == f"https://x.example/gadget/#/join/{code.text}?words={packed}"
    assert addresses.code_in_link(link) == code.text
    assert addresses.in_query(link, addresses.WORDS_QUERY) == packed
    assert addresses.in_query(addresses.site_join_link("", code), addresses.WORDS_QUERY) is None
    side_a = addresses.play(code, Player.A, packed)
    assert side_a == f"/play/{code.text}/a?words={packed}"
    assert addresses.in_query(side_a, addresses.WORDS_QUERY) == packed
    assert addresses.site_words("oslo") == "/words?mission=oslo"


def test_a_link_fits_a_qr_code_up_to_the_measured_version_and_is_drawn_large_enough() -> None:
    short = "https://x.example/gadget/#/join/21PK2-F2CS6"
    assert fits_qr(short) and qr_side(short, 150) == 150  # as before: 4 px a module
    longest = "a" * 331  # version 13, byte mode, error correction M: 331 bytes
    assert qr_version(longest) == LARGEST_VERSION and fits_qr(longest)
    assert not fits_qr(longest + "a")
    assert qr_side(longest, 150) == 4 * (17 + 4 * LARGEST_VERSION + 4)
    assert not fits_qr("a" * 10_000)  # more than any QR code holds: refused, not raised


def test_a_short_packing_is_read_and_refused_for_its_words_not_as_damaged() -> None:
    # Seven characters: base64 of this length is whole (one of five would not be).
    short = _packed("a\nb")
    assert 4 <= len(short) <= 7
    with pytest.raises(WordListError) as refused:
        unpack_words(short, CUSTOM)
    assert "damaged" not in str(refused.value), str(refused.value)


def test_anything_after_a_packing_is_damage_even_what_base64_would_skip() -> None:
    with pytest.raises(WordListError, match="cut short or damaged"):
        unpack_words(pack_words(CARD) + "....", CUSTOM)


def test_words_unpacking_to_exactly_the_most_25_words_take_are_not_refused_for_their_size() -> None:
    exactly = _packed("a" * LARGEST_UNPACKED)
    with pytest.raises(WordListError) as refused:
        unpack_words(exactly, CUSTOM)
    assert "more than" not in str(refused.value), str(refused.value)
