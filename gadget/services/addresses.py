"""Every address of both apps, built and read here and only here: the routes each app's
router matches, the paths a screen navigates to, the full links a QR code or the command
line gives, and what a scanned link carries (a screen, the command line and the site all
import this module: it needs no store and no library outside Python's own)."""

from __future__ import annotations

import ipaddress
import re
from typing import Final
from urllib.parse import parse_qs, urlencode, urlsplit

from gadget.engine import Player, ShareCode
from gadget.engine.classic import ClassicCard

# What an address carries, by the name its route gives it (`ft.use_route_params()[GAME]`).
GAME: Final = "game"
CODE: Final = "code"
INVITE: Final = "invite"
SIDE_INVITE: Final = "secret"
TEAM: Final = "team"
MISSION: Final = "mission"
SIDE: Final = "side"
PACKED: Final = "data"
LANGUAGE: Final = "language"
# What an address carries after its "?" (Flet's router matches the path before it).
WORDS_QUERY: Final = "words"  # a custom list's 25 dealt words, packed (engine/packed_words.py)
MISSION_QUERY: Final = "mission"  # the city a game of the site's own words is dealt for

# The served app's routes, as Flet's router matches them below "/" (Home is its index).
GAME_ROUTE: Final = f"game/:{GAME}"
JOIN_ROUTE: Final = f"join/:{CODE}"
# A classic or Pictures card, in both apps (the site's after its "#").
CLASSIC_ROUTE: Final = f"classic/:{CODE}"
INVITE_ROUTE: Final = f"invite/:{INVITE}"
SIDE_INVITE_ROUTE: Final = f"side/:{SIDE_INVITE}"  # another phone for a side of a game
SETTINGS_ROUTE: Final = "settings"
SCAN_ROUTE: Final = "scan"
PAPER_ROUTE: Final = "paper"
WORDS_ROUTE: Final = "words"  # a list of the players' own words
HISTORY_ROUTE: Final = "history"
TEAMS_ROUTE: Final = "teams"
TEAM_ROUTE: Final = f"{TEAMS_ROUTE}/:{TEAM}"
MISSION_ROUTE: Final = f"{TEAM_ROUTE}/missions/:{MISSION}"
TEAM_HISTORY_ROUTE: Final = f"{TEAM_ROUTE}/{HISTORY_ROUTE}"

# The static site's routes, after its "#" (its /join/ and /scan are the served app's forms).
PLAY_ROUTE: Final = f"play/:{CODE}/:{SIDE}"
IMPORT_ROUTE: Final = f"import/:{PACKED}"
SITE_TEAM_ROUTE: Final = "team"
ALONE_ROUTE: Final = f"alone/:{LANGUAGE}"  # a game with the app as the partner
CITY_ROUTE: Final = f"{SITE_TEAM_ROUTE}/missions/:{MISSION}"

# The served app's HTTP addresses beside its screens.
HEALTH: Final = "/healthz"
UPLOAD: Final = "/upload/"  # before a file's one-time name


def _at(route: str, **values: object) -> str:
    """The path a route makes with these values in its `:name` parts."""
    parts = (str(values[part[1:]]) if part.startswith(":") else part for part in route.split("/"))
    return "/" + "/".join(parts)


def _asking(path: str, **query: str | None) -> str:
    """The path with these values after its "?" (None: left out)."""
    given = {name: value for name, value in query.items() if value is not None}
    return f"{path}?{urlencode(given)}" if given else path


def in_query(text: str, name: str) -> str | None:
    """The value an address or a link carries after its "?" under that name (the site's
    after its "#"), or None."""
    _path, mark, query = text.strip().rsplit("#", 1)[-1].partition("?")
    values = parse_qs(query, keep_blank_values=True).get(name) if mark else None
    return values[-1] if values else None


HOME: Final = "/"
SETTINGS: Final = _at(SETTINGS_ROUTE)
SCAN: Final = _at(SCAN_ROUTE)
PAPER: Final = _at(PAPER_ROUTE)
WORDS: Final = _at(WORDS_ROUTE)
HISTORY: Final = _at(HISTORY_ROUTE)
TEAMS: Final = _at(TEAMS_ROUTE)
SITE_TEAM: Final = _at(SITE_TEAM_ROUTE)


def game(public_id: str) -> str:
    """/game/<public id>: this phone's side of a game on the server."""
    return _at(GAME_ROUTE, game=public_id)


def join(code: ShareCode, words: str | None = None) -> str:
    """/join/<code>: what a QR code opens, side B of the game (in both apps); on the site,
    a custom list's 25 words packed after it (?words=...)."""
    return _asking(_at(JOIN_ROUTE, code=code.text), **{WORDS_QUERY: words})


def classic(card: ClassicCard) -> str:
    """/classic/<code>: a classic or Pictures card, the same on both spymasters' phones."""
    return _at(CLASSIC_ROUTE, code=card.code)


def invite(secret: str) -> str:
    """/invite/<secret>: the phone that opens it joins the team."""
    return _at(INVITE_ROUTE, invite=secret)


def side_invite(secret: str) -> str:
    """/side/<secret>: the phone that opens it holds the side of the phone that made it."""
    return _at(SIDE_INVITE_ROUTE, secret=secret)


def team(number: int) -> str:
    """/teams/<n>: a team's map, players and files."""
    return _at(TEAM_ROUTE, team=number)


def mission(number: int, mission_id: str) -> str:
    """/teams/<n>/missions/<id>: a city's card."""
    return _at(MISSION_ROUTE, team=number, mission=mission_id)


def team_history(number: int) -> str:
    """/teams/<n>/history: every attempt of a team."""
    return _at(TEAM_HISTORY_ROUTE, team=number)


def play(code: ShareCode, side: Player, words: str | None = None) -> str:
    """The site's /play/<code>/<a|b>: this phone's side of the game the code makes (with a
    custom list's 25 words packed after it, ?words=...)."""
    return _asking(_at(PLAY_ROUTE, code=code.text, side=side.value), **{WORDS_QUERY: words})


def site_words(mission_id: str) -> str:
    """The site's /words?mission=<id>: a game of the players' own words for that city."""
    return _asking(WORDS, **{MISSION_QUERY: mission_id})


def site_alone(language: str, mission_id: str) -> str:
    """The site's /alone/<language>?mission=<id>: a game with the app, for that city."""
    return _asking(_at(ALONE_ROUTE, language=language), **{MISSION_QUERY: mission_id})


def import_team(packed: str) -> str:
    """The site's /import/<packed team>: a team a QR code carries, offered for import."""
    return _at(IMPORT_ROUTE, data=packed)


def city(mission_id: str) -> str:
    """The site's /team/missions/<id>: a city's card."""
    return _at(CITY_ROUTE, mission=mission_id)


def link(base_url: str, address: str) -> str:
    """A served address as a whole link, after the app's own (empty: the path alone)."""
    return f"{base_url.rstrip('/')}{address}"


def join_link(base_url: str, code: ShareCode) -> str:
    """The link in phone A's QR code on the served app: the camera opens side B."""
    return link(base_url, join(code))


def classic_link(base_url: str, card: ClassicCard) -> str:
    """The link in a classic card's QR code on the served app: the other spymaster's camera
    opens the same card."""
    return link(base_url, classic(card))


def invite_link(base_url: str, secret: str) -> str:
    """A team's invite link on the served app: a phone that opens it joins the team."""
    return link(base_url, invite(secret))


def side_invite_link(base_url: str, secret: str) -> str:
    """An invite to a side on the served app: a phone that opens it holds that side."""
    return link(base_url, side_invite(secret))


def site_address(page_url: str | None) -> str:
    """The site's own address without its route: what its links start with."""
    return (page_url or "").split("#", 1)[0]


def site_link(page_url: str | None, address: str) -> str:
    """A site's address as a whole link: the route after the "#" (any static host serves
    the page, and a reload opens the same screen)."""
    return f"{site_address(page_url)}#{address}"


def site_join_link(page_url: str | None, code: ShareCode, words: str | None = None) -> str:
    """The link in phone A's QR code on the site: the served app's /join/, after the "#"
    (a custom list's 25 words packed after the code)."""
    return site_link(page_url, join(code, words))


def site_side_link(page_url: str | None, secret: str, words: str | None = None) -> str:
    """Side A's link on the site, for another phone of side A: the served app's /side/,
    after the "#", its secret the code and the seed (a custom list's words after it)."""
    return site_link(page_url, _asking(side_invite(secret), **{WORDS_QUERY: words}))


def code_in_link(text: str) -> str:
    """The code a join link carries (…/join/CODE, or …#/join/CODE on the site, in any case:
    a classic card's …/classic/CODE too; what follows a "?" is not the code;
    a code field writes what is pasted in capitals), or the text itself when it is no link
    (a bare code, or anything else, for the caller to refuse)."""
    stripped = text.strip().rstrip("/")
    marks = list(_JOIN_MARK.finditer(stripped))
    return stripped[marks[-1].end() :].split("?", 1)[0].rstrip("/") if marks else stripped


_JOIN_MARK: Final = re.compile(
    "|".join(re.escape(_at(route, code="")) for route in (JOIN_ROUTE, CLASSIC_ROUTE)),
    re.IGNORECASE,
)


def packed_team_in_link(text: str) -> str | None:
    """What a site's team link carries after its #/import/, or None for any other text."""
    _before, mark, packed = text.strip().partition("#" + import_team(""))
    return packed if mark else None


def web_address(page_url: str) -> str:
    """The address a browser opens, from Flet's page URL (which names the web socket)."""
    for socket_scheme, web_scheme in (("wss://", "https://"), ("ws://", "http://")):
        if page_url.startswith(socket_scheme):
            return web_scheme + page_url[len(socket_scheme) :]
    return page_url


def secure_origin(page_url: str) -> bool:
    """Whether the browser counts this page's address as secure, which it must be before it
    lets a page use the camera or keep the screen awake: HTTPS, or this very machine."""
    address = web_address(page_url)
    if address.startswith("https://"):
        return True
    host = urlsplit(address).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a name: secure only over HTTPS
        return False
