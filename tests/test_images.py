"""Every image both apps show is one WebKit draws (Safari, every browser on an iPhone): an image
Flet sends as bytes stays blank there, one given as base64 text is drawn (measured in
WebKitGTK 2.50; tests/test_browser_webkit.py looks at the pixels)."""

from __future__ import annotations

import base64
import binascii
import io

import flet as ft
import zxingcpp
from PIL import Image

from gadget.engine import ShareCode
from gadget.services.scan import code_in_photo
from gadget.services.table import Table
from gadget.site.links import unpack_team
from tests.cards import CODE_TEXT
from tests.phones import Phone, member
from tests.screens import at_the_table
from tests.test_site_screens import alone

PNG = b"\x89PNG\r\n\x1a\n"


def pictures(phone: Phone) -> list[bytes]:
    """The PNG of every image on the phone's screen, each checked to be given as base64 text."""
    found = []
    for control in phone.controls():
        if isinstance(control, ft.Image):
            assert isinstance(control.src, str), "an image sent as bytes is blank in WebKit"
            try:
                png = base64.b64decode(control.src, validate=True)
            except binascii.Error:
                raise AssertionError(f"not base64: {control.src[:40]!r}") from None
            assert png.startswith(PNG)
            found.append(png)
    return found


def shown_code(phone: Phone) -> ShareCode:
    """The share code side A shows in large type."""
    return next(ShareCode.parse(t) for t in phone.texts() if CODE_TEXT.match(t))


@at_the_table
async def test_side_as_qr_code_on_the_served_app_is_an_image_webkit_draws(table: Table) -> None:
    phone = await Phone("/").open()
    await phone.tap("New game")
    [qr] = pictures(phone)
    assert code_in_photo(qr) == shown_code(phone)


@at_the_table
async def test_the_teams_invite_qr_code_is_an_image_webkit_draws(table: Table) -> None:
    team = table.store.add_team("Owls", ["Ann", "Ben"])
    phone = await member(table.store, team)
    assert pictures(phone) == []  # something is on screen: the button, then the panel
    await phone.tap("Invite a phone to the team")
    [qr] = pictures(phone)
    assert phone.says(f"/invite/{team.invite}")
    assert team.invite in _text_of(qr)


@alone
async def test_side_as_qr_code_on_the_site_is_an_image_webkit_draws() -> None:
    phone = await Phone("/", site=True).open()
    await phone.tap("New game")
    [qr] = pictures(phone)
    assert code_in_photo(qr) == shown_code(phone)


@alone
async def test_the_sites_team_qr_code_is_an_image_webkit_draws() -> None:
    phone = await Phone("/team", site=True).open()
    assert pictures(phone) == []
    await phone.tap("Show as a QR code")
    [qr] = pictures(phone)
    assert unpack_team(_text_of(qr).split("#/import/")[1]).name == "Our team"


def _text_of(png: bytes) -> str:
    """The text a QR code carries (zxing, as the served app's scan reads it)."""
    [found] = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)).convert("L"))
    return str(found.text)
