"""The links the site's QR codes carry: a game's side B, and a whole team (compressed)."""

from __future__ import annotations

import base64
import binascii
import json
import zlib

from gadget.engine import ShareCode
from gadget.engine import join_link as engine_join_link
from gadget.missions import default_map
from gadget.services.uploads import MAX_UPLOAD
from gadget.site.team import PhoneTeam, team_from_json


def site_address(page_url: str | None) -> str:
    """The site's own address without its route: what a join link or a team's QR code opens."""
    return (page_url or "").split("#", 1)[0]


def join_link(page_url: str | None, code: ShareCode) -> str:
    """The link in phone A's QR code: the phone's camera opens side B of this game (the
    served app's join link, its route after the site's #)."""
    return engine_join_link(f"{site_address(page_url)}#", code)


def team_link(page_url: str | None, team: PhoneTeam) -> str:
    """A link that carries the whole team, compressed (the shipped map left out: every
    phone has it): scanned by the partner's camera, it offers to import it."""
    document = team.to_dict()
    if team.mission_map == default_map():
        del document["map"]
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    packed = base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")
    return f"{site_address(page_url)}#/import/{packed.rstrip('=')}"


def unpack_team(packed: str) -> PhoneTeam:
    """The team a link carries; a TeamDocumentError (a ValueError) for one that is not."""
    try:
        data = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
        text = zlib.decompressobj().decompress(data, MAX_UPLOAD).decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError):
        text = ""
    return team_from_json(text)
