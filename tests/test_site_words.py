"""The site's games with words on the phones, in plain pytest: a shipped list's words made by
the code on both phones, and a list of the players' own dealt on phone A, its 25 words
travelling in the game's link to phone B (refused in one line when damaged, and refused
before a deal when the link would not fit a QR code)."""

from __future__ import annotations

import random
import string

import flet as ft
import pytest

from gadget.engine import Player, ShareCode
from gadget.engine.errors import WordListError
from gadget.engine.packed_words import pack_words, unpack_words
from gadget.engine.words import CUSTOM_LIST, custom_words, shipped_words
from gadget.missions import default_map
from gadget.services import addresses
from gadget.site import words as site_words
from gadget.site.dealt import DEALT_KEY
from gadget.site.scan import route_of_text
from gadget.views.parts.boundary import SORRY
from gadget.views.parts.qr import qr_side
from tests.phones import Phone
from tests.test_site_screens import alone

OWN_LIST = "\n".join(f"Mot{number}" for number in range(40))
CAME_WITH_ITS_LINK = "this game's words came with its link: open the link or scan the code"


def words_on(phone: Phone) -> list[str]:
    """The 25 words, row by row from the phone's seat (a card without words: none)."""
    cells = [phone.cell(row, column).label for row in range(1, 6) for column in range(1, 6)]
    said = [str(label).split(": ", 1)[1].split(", ")[0] for label in cells]
    return [] if said[0] in ("agent", "assassin", "bystander") else said


def words_code_on(phone: Phone) -> ShareCode:
    """The 15-character code phone A shows for side B."""
    return next(
        ShareCode.parse(text)
        for text in phone.texts()
        if len(text) == 17 and text.count("-") == 2 and " " not in text
    )


def qr_link_on(phone: Phone) -> str:
    """The link phone A's QR code carries."""
    return next(t for t in phone.texts() if t.startswith("QR code of "))[len("QR code of ") :]


async def dealt_own_words(text: str = OWN_LIST) -> Phone:
    """Phone A at Home: its own list pasted on the words screen, checked, then dealt."""
    phone = await Phone("/", site=True).open()
    await phone.tap("Your own words")
    assert phone.session.page.route == addresses.site_words("prague")
    await phone.type("Words", text)
    await phone.tap("Check the list")
    await phone.tap("Deal with these words")
    return phone


@alone
async def test_a_shipped_lists_game_shows_the_same_words_on_b_from_the_code_alone() -> None:
    phone_a = await Phone("/", site=True).open()
    await phone_a.tap("Deal with English words")
    code = words_code_on(phone_a)
    assert code.words is not None and not code.words.is_custom
    expected = [word.upper() for word in shipped_words(code.words).words]
    assert words_on(phone_a) == expected
    assert qr_link_on(phone_a).endswith(f"#/join/{code.text}")  # nothing after the code
    phone_b = await Phone("/", site=True).open()
    await phone_b.type("Partner's code", code.text)
    await phone_b.tap("Join")
    assert words_on(phone_b) == expected[::-1]  # B sits opposite: the table turned round
    assert not phone_b.says(CAME_WITH_ITS_LINK)


@alone
async def test_own_words_are_dealt_on_a_and_b_opens_the_link_to_identical_words() -> None:
    phone_a = await dealt_own_words()
    code = words_code_on(phone_a)
    assert code.words is not None and code.words.list_number == CUSTOM_LIST
    assert (code.tokens, code.mistakes) == (9, 9)  # Prague's bank, the city chosen
    shown_a = words_on(phone_a)
    dealt = custom_words(OWN_LIST.split("\n"), code.words.seed)  # the seed the code names
    assert shown_a == [word.upper() for word in dealt.words]
    link = qr_link_on(phone_a)
    packed = addresses.in_query(link, addresses.WORDS_QUERY)
    assert packed == pack_words(dealt)  # only the 25 dealt words travel, not the 40
    assert phone_a.session.page.route == addresses.play(code, Player.A, packed)
    qr = next(c for c in phone_a.controls() if isinstance(c, ft.Image))
    assert qr.width == qr_side(link, 150) > 150  # a longer link, a larger code: 4 px a module
    phone_b = await Phone(link.split("#", 1)[1], site=True).open()  # the QR code's link
    assert words_on(phone_b) == shown_a[::-1]
    assert not phone_b.says(code.text)  # B hands nothing on
    # A reload on A: the seed from its storage, the words from its address.
    again = await Phone(phone_a.session.page.route, site=True, storage=phone_a.storage).open()
    assert words_on(again) == shown_a
    # Scanned with the camera inside the app, the link opens side B with its words.
    scanned = await Phone(route_of_text(link), site=True).open()
    assert words_on(scanned) == shown_a[::-1]
    # Pasted whole into Home's code field, the same.
    pasted = await Phone("/", site=True).open()
    await pasted.type("Partner's code", link)
    await pasted.tap("Join")
    assert words_on(pasted) == shown_a[::-1]
    for phone in (phone_a, phone_b, again, scanned, pasted):
        assert not phone.crashed() and not phone.says(SORRY)


@alone
async def test_the_tiles_cover_own_words_and_stay_after_a_reload() -> None:
    phone_a = await dealt_own_words()
    phone_b = await Phone(qr_link_on(phone_a).split("#", 1)[1], site=True).open()
    word = words_on(phone_b)[6]
    await phone_b.tap_cell(2, 2)
    assert str(phone_b.cell(2, 2).label).endswith("agent found")
    again = await Phone(phone_b.route, site=True, storage=phone_b.storage).open()
    assert str(again.cell(2, 2).label).startswith(f"row 2 column 2: {word}, ")
    assert str(again.cell(2, 2).label).endswith("agent found")


@alone
async def test_own_words_code_typed_alone_shows_side_b_and_says_the_words_came_in_the_link() -> (
    None
):
    phone_a = await dealt_own_words()
    code = words_code_on(phone_a)
    phone_b = await Phone("/", site=True).open()
    await phone_b.type("Partner's code", code.text)
    await phone_b.tap("Join")
    assert phone_b.session.page.route == addresses.play(code, Player.B)
    assert phone_b.says(CAME_WITH_ITS_LINK)
    assert words_on(phone_b) == [] and len(phone_b.grid()) == 25  # the colours, no words
    assert not phone_b.crashed()


@alone
async def test_a_damaged_or_forged_link_says_why_in_one_line_and_shows_the_colours() -> None:
    phone_a = await dealt_own_words()
    code = words_code_on(phone_a)
    packed = addresses.in_query(qr_link_on(phone_a), addresses.WORDS_QUERY)
    assert packed is not None and code.words is not None
    forged = custom_words([f"{w}!" for w in unpack_words(packed, code.words).words], 1)
    shipped = ShareCode.parse("543QT-T54S0-002DY")  # English words, seed 77
    for route, said in (
        (addresses.join(code, packed[:-5]), "cut short or damaged"),
        (addresses.join(code, packed + "A"), "cut short or damaged"),
        (addresses.join(code, "A" * 20_000), "a game's 25 take at most"),
        (addresses.join(shipped, pack_words(forged)), "not the ones list en-1 deals"),
        (addresses.join(ShareCode(code.side_b, 9, 9), packed), "deals no words"),
    ):
        phone = await Phone(route, site=True).open()
        assert phone.says(said), (route, phone.texts())
        assert len(phone.grid()) == 25  # side B's colours are the code's, and shown
        assert not phone.crashed() and not phone.says(SORRY)
    # A word changed in the link is any list's word: B shows what it carries, checked.
    phone = await Phone(addresses.join(code, pack_words(forged)), site=True).open()
    assert words_on(phone)[0].endswith("!")


@alone
async def test_words_too_long_for_a_qr_code_are_refused_before_anything_is_dealt() -> None:
    letters = random.Random(5)  # words that deflate cannot shorten
    long_words = "\n".join(
        "".join(letters.choice(string.ascii_lowercase) for _ in range(20)) for _ in range(30)
    )
    phone = await dealt_own_words(long_words)
    assert phone.says("these 25 words are too long to fit a QR code: use shorter words")
    assert phone.session.page.route == addresses.site_words("prague")  # still here
    assert DEALT_KEY not in phone.storage  # nothing dealt, nothing kept
    assert not phone.crashed()


@alone
async def test_a_list_that_is_no_list_is_refused_on_the_words_screen_in_one_line() -> None:
    phone = await Phone(addresses.site_words("atlantis"), site=True).open()
    assert phone.says("Prague 9-9")  # no such city: the first open one
    for typed, said in (
        ("a\nb\nc", "the list has 3 words; a list has 25 to 2000"),
        (OWN_LIST + "\nMOT3", "“MOT3” is in the list twice (as “Mot3”)"),
    ):
        await phone.type("Words", typed)
        await phone.tap("Deal with these words")
        assert phone.says(said), phone.texts()
        assert phone.session.page.route == addresses.site_words("atlantis")
        assert DEALT_KEY not in phone.storage
    await phone.type("Words", OWN_LIST)
    await phone.tap("Check the list")
    assert phone.says("40 words: ready.")
    await phone.tap("Home")
    assert phone.says("No computer needed")


def test_a_list_whose_first_draw_is_too_long_is_dealt_from_another_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The outsider's "ready, then refused": the QR check was made on one random draw, so a
    list of mixed lengths dealt on one tap and was refused on the next (47% of deals). A
    draw that does not fit is drawn again."""
    letters = random.Random(7)
    mixed = [
        "".join(letters.choice(string.ascii_lowercase) for _ in range(4 if n % 2 else 20))
        for n in range(60)
    ]
    draws = iter([1, 2, 3, 4, 5, 6])  # word seed, deal seed, word seed, deal seed...
    monkeypatch.setattr(site_words.secrets, "randbits", lambda _bits: next(draws))
    fits = iter([False, False, True])
    monkeypatch.setattr(site_words, "fits_qr", lambda _link: next(fits))
    deal, packed = site_words.custom_deal(tuple(mixed), default_map().missions[0], None)
    assert deal.seed == 6 and unpack_words(packed, deal.words).words == (
        custom_words(tuple(mixed), 5).words
    )
    monkeypatch.setattr(site_words.secrets, "randbits", lambda _bits: 1)
    monkeypatch.setattr(site_words, "fits_qr", lambda _link: False)
    with pytest.raises(WordListError, match="too long to fit a QR code"):
        site_words.custom_deal(tuple(mixed), default_map().missions[0], None)
