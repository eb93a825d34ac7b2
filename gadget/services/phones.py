"""A phone's identity: a random secret kept in the phone's own storage, known to the server
only by its hash, so that seats and teams belong to phones and not to whoever asks."""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from typing import Final

from gadget.engine import Player

_TOKEN: Final = re.compile(r"[A-Za-z0-9_-]{32}")
_PUBLIC_ID: Final = re.compile(r"[A-Za-z0-9_-]{22}")
STORAGE_KEY: Final = "gadget.phone"


@dataclass(frozen=True, slots=True)
class Phone:
    """One phone (one browser's storage): `key` is what the store keeps, never the secret."""

    key: str

    def __repr__(self) -> str:
        return f"Phone({self.key[:8]}...)"


#: The app's seat when it is a player's partner (services/app_partner.py), as the seats table
#: keeps it (kind "app"): no phone's key (a phone's is a SHA-256 digest in hex), so no phone
#: can ever present it.
APP: Final = Phone("app")  # the store's APP_HOLDER (this module is the site's: no store here)
APP_KIND: Final = "app"
APP_SIDE: Final = Player.B  # the side the app holds


def new_phone_token() -> str:
    """A fresh identity for a phone that has none: 192 random bits."""
    return secrets.token_urlsafe(24)


def phone_from_token(token: object) -> Phone | None:
    """The phone whose storage holds this token, or None for anything that is not one."""
    if not isinstance(token, str) or not _TOKEN.fullmatch(token):
        return None
    return Phone(hashlib.sha256(token.encode("ascii")).hexdigest())


def is_public_id(text: str) -> bool:
    """Whether an address's game part can be a game's public id (checked before any query)."""
    return bool(_PUBLIC_ID.fullmatch(text))


def is_invite(text: str) -> bool:
    """Whether an address's invite part can be a team's or a side's invite secret (same
    form as a public id: 16 random bytes)."""
    return bool(_PUBLIC_ID.fullmatch(text))
