"""A classic card's code, however it arrives (typed, pasted, scanned, linked in either app),
opens that card; a Duet code still opens side B."""

from __future__ import annotations

import pytest

from gadget.engine import Deal, ShareCodeError
from gadget.engine.classic import Game, deal, parse_any
from gadget.services import addresses
from gadget.services.links import code_in_text
from gadget.views.parts.typed_code import read_code


def test_every_way_a_code_arrives_reads_a_classic_card_as_one_and_a_duet_code_as_side_b() -> None:
    card, duet = deal(Game.CLASSIC, 5), Deal(seed=5).code
    assert addresses.classic(card) == f"/classic/{card.code}"
    link = addresses.classic_link("https://gadget.example/", card)
    assert link == f"https://gadget.example/classic/{card.code}"
    site = addresses.site_link("https://example.github.io/gadget/#/", addresses.classic(card))
    for text in (card.code, link, site, card.code.lower()):
        assert code_in_text(text) == card  # what a QR code holds
        assert read_code(text) == card  # what is typed or pasted
    assert read_code(f"see {link}.") == card  # a chat's sentence
    assert parse_any(card.code) == card and parse_any(duet.text) == duet
    assert code_in_text(addresses.join_link("http://x", duet)) == duet
    with pytest.raises(ShareCodeError, match="check for a typo"):
        parse_any(card.code[:-1] + ("0" if card.code[-1] != "0" else "1"))
