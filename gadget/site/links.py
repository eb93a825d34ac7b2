"""A whole team in a link the site's QR code carries (compressed), and read back from one."""

from __future__ import annotations

import base64
import binascii
import json
import zlib

from gadget.missions import default_map
from gadget.services import addresses
from gadget.services.uploads import MAX_UPLOAD
from gadget.site.team import PhoneTeam, team_from_json


def team_link(page_url: str | None, team: PhoneTeam) -> str:
    """A link that carries the whole team, compressed (the shipped map left out: every
    phone has it): scanned by the partner's camera, it offers to import it."""
    document = team.to_dict()
    if team.mission_map == default_map():
        del document["map"]
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    packed = base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")
    return addresses.site_link(page_url, addresses.import_team(packed.rstrip("=")))


def unpack_team(packed: str) -> PhoneTeam:
    """The team a link carries; a TeamDocumentError (a ValueError) for one that is not."""
    try:
        data = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
        text = zlib.decompressobj().decompress(data, MAX_UPLOAD).decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError):
        text = ""
    return team_from_json(text)
