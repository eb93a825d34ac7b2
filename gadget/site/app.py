"""The static site: Gadget on each phone with no server, Python running in the browser.

Each phone makes its own side from the code, keeps its team in its own storage, and times
the turn itself. The screens are the served app's wherever no table is needed (the card,
the map, the share panel, the timer, the language); this package never imports the store.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import json
import secrets
import time
import zlib
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime
from typing import Any, Final, cast

import flet as ft

from gadget.engine import GadgetError, Phase, Player, ShareCode, replay, view_for
from gadget.engine.errors import Message
from gadget.engine.gamelog import GameLog
from gadget.engine.sharecode import SEED_BITS
from gadget.language import N_, codes, language
from gadget.missions import Mission, MissionState, Result, default_map
from gadget.services import palette
from gadget.services.timing import Stretch, TimerSettings, TimerState
from gadget.services.uploads import MAX_UPLOAD
from gadget.services.words import score_words
from gadget.site.scan import read_in_the_browser
from gadget.site.team import (
    QR_LIMIT,
    PhoneTeam,
    new_team,
    record_result,
    rename,
    team_from_json,
)
from gadget.views.boundary import Boundary, Trouble, component
from gadget.views.camera import CameraScreen
from gadget.views.files import download, pick_json
from gadget.views.keycard import KeyCardGrid
from gadget.views.language import _, city, moment, ngettext, pgettext, say
from gadget.views.mission_map import MissionMapView
from gadget.views.phone import WithPhone, use_language_choice
from gadget.views.shared import (
    PAGE_PADDING,
    dead_end,
    header,
    panel,
    qr_png,
    screen,
    share_panel,
    typed_field,
    use_value,
    use_wakelock,
    whole_number,
)
from gadget.views.timer import TimerBar, TimerControls, seconds_field

TEAM_KEY: Final = "gadget.site.team"
UNREADABLE_KEY: Final = "gadget.site.team.unreadable"  # a stored team that did not read: kept
TIMER_KEY: Final = "gadget.site.timer"
TRY_AGAIN: Final = N_("Try again, or start from Home.")
NO_MISSION: Final = ""


@dataclass(frozen=True, slots=True)
class TeamHold:
    """The phone's team and the way to keep a changed one (in its storage, at once)."""

    team: PhoneTeam
    keep: Callable[[PhoneTeam], None]
    trouble: str  # what went wrong reading the stored team, if anything


TEAM = ft.create_context(cast(TeamHold | None, None))


def use_team() -> TeamHold:
    """The phone's team (WithTeam reads it before any screen)."""
    hold = ft.use_context(TEAM)
    if hold is None:
        raise RuntimeError("a screen was rendered before the phone's team was read")
    return hold


def site_address(page_url: str | None) -> str:
    """The site's own address without its route: what a join link or a team's QR code opens."""
    return (page_url or "").split("#", 1)[0]


def join_link(page_url: str | None, code: ShareCode) -> str:
    """The link in phone A's QR code: the phone's camera opens side B of this game."""
    return f"{site_address(page_url)}#/join/{code.text}"


def team_link(page_url: str | None, team: PhoneTeam) -> str:
    """A link that carries the whole team, compressed (the shipped map left out: every
    phone has it): scanned by the partner's camera, it offers to import it."""
    document = team.to_document()
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


@component
def WithTeam(screens: Callable[[], ft.Control]) -> ft.Control:
    """Reads the phone's team from its storage once; each change is written back at once."""
    page = ft.context.page
    hold, set_hold = use_value(lambda: cast(TeamHold | None, None))

    async def store(team: PhoneTeam) -> None:
        with contextlib.suppress(Exception):
            await ft.SharedPreferences().set(TEAM_KEY, team.to_json())

    def keep(team: PhoneTeam, trouble: str = "") -> None:
        set_hold(TeamHold(team, keep, trouble))
        page.run_task(store, team)

    async def load() -> None:
        stored: object = None
        with contextlib.suppress(Exception):
            stored = await ft.SharedPreferences().get(TEAM_KEY)
        if not isinstance(stored, str):
            set_hold(TeamHold(new_team(_("Our team")), keep, ""))
            return
        try:
            set_hold(TeamHold(team_from_json(stored), keep, ""))
        except GadgetError as wrong:  # never written over: set aside, and a fresh team
            with contextlib.suppress(Exception):
                await ft.SharedPreferences().set(UNREADABLE_KEY, stored)
            set_hold(TeamHold(new_team(_("Our team")), keep, say(wrong)))

    ft.use_effect(load, [])
    if hold is None:
        return ft.Column([ft.ProgressRing(), ft.Text("Gadget…")])
    return TEAM(hold, screens)


@component
def SiteHome() -> ft.Control:
    """Deal a new game for a city, or join the partner's by its code; the team; the language."""
    page = ft.context.page
    hold = use_team()
    missions = hold.team.open_missions or list(hold.team.mission_map.missions[:1])
    chosen, set_chosen = use_value(lambda: missions[0].id if missions else NO_MISSION)
    typed: Any = ft.use_ref(None)
    problem, set_problem = use_value(lambda: "")
    choice = use_language_choice()

    def deal(_event: Any) -> None:
        mission = next((m for m in missions if m.id == chosen), missions[0])
        code = ShareCode(
            seed=secrets.randbits(SEED_BITS), tokens=mission.turns, mistakes=mission.mistakes
        )
        page.navigate(f"/play/{code.text}/a")

    def join(_event: Any) -> None:
        try:
            code = ShareCode.parse(str(typed.current or ""))
        except GadgetError as wrong:
            set_problem(say(wrong))
            return
        page.navigate(f"/play/{code.text}/b")

    browsers = language(choice.browsers).name
    languages = [
        ft.dropdown.Option(key="", text=_("As this phone: {language}").format(language=browsers))
    ] + [ft.dropdown.Option(key=code, text=language(code).name) for code in codes()]
    return screen(
        [
            ft.Text("Gadget", size=28, weight=ft.FontWeight.BOLD),
            ft.Text(_("No computer needed: each phone makes its own side from the code.")),
            ft.Text(_("New game"), size=20, weight=ft.FontWeight.W_600),
            ft.Dropdown(
                label=_("Mission"),
                value=chosen,
                options=[
                    ft.dropdown.Option(key=m.id, text=f"{city(m.name)} {m.parameters}")
                    for m in missions
                ],
                on_select=lambda e: set_chosen(str(e.control.value or NO_MISSION)),
            ),
            ft.Button(_("New game"), icon=ft.Icons.STYLE, on_click=deal),
            ft.Text(_("Join your partner's game"), size=20, weight=ft.FontWeight.W_600),
            ft.Text(_("Scan the code on their phone with your camera, or type it here.")),
            typed_field(typed, _("Code"), on_submit=join),
            *([ft.Text(problem, color=palette.DANGER)] if problem else []),
            ft.Row(
                [
                    ft.Button(_("Join"), icon=ft.Icons.LOGIN, on_click=join),
                    ft.OutlinedButton(
                        _("Scan the code"),
                        icon=ft.Icons.QR_CODE_SCANNER,
                        on_click=lambda _e: page.navigate("/scan"),
                    ),
                ],
                wrap=True,
            ),
            ft.Divider(),
            ft.Button(
                _("{team}: mission map").format(team=hold.team.name),
                icon=ft.Icons.MAP,
                on_click=lambda _e: page.navigate("/team"),
            ),
            ft.Dropdown(
                label=_("Language"),
                value=choice.chosen,
                options=languages,
                on_select=lambda e: choice.choose(str(e.control.value or "")),
            ),
        ]
    )


@component
def PlayRoute() -> ft.Control:
    """/play/<code>/<a|b>: this phone's side of the game the code makes."""
    params = ft.use_route_params()
    return SitePlay(params.get("code", ""), params.get("side", "a"))


@component
def JoinRoute() -> ft.Control:
    """/join/<code>: what phone A's QR code opens, side B."""
    return SitePlay(ft.use_route_params().get("code", ""), "b")


@component
def SitePlay(typed_code: str, side_name: str) -> ft.Control:
    """One side of the card, turned for its seat; the code for the partner on side A; the
    turn timer; and, at the end, the result."""
    page = ft.context.page
    hidden, set_hidden = use_value(lambda: False)
    sharing, set_sharing = use_value(lambda: True)
    ending, set_ending = use_value(lambda: False)
    use_wakelock()
    try:
        code = ShareCode.parse(typed_code)
        side = Player(side_name.lower())
    except (GadgetError, ValueError):
        return dead_end(
            _("This link does not make a card."),
            _("Type the code from your partner's phone on the home screen."),
            _("Home"),
            "/",
        )
    view = view_for(replay(GameLog.from_code(code)), side)
    body: list[ft.Control] = [
        header(side, hidden, lambda _e: set_hidden(not hidden), lambda _e: page.navigate("/")),
    ]
    if side is Player.A and sharing:
        body += [
            share_panel(code, join_link(page.url, code)),
            ft.TextButton(_("Hide the code"), on_click=lambda _e: set_sharing(False)),
        ]
    body += [
        ft.Text(
            ngettext(
                "Time bank: {count} token, {mistakes} mistakes allowed",
                "Time bank: {count} tokens, {mistakes} mistakes allowed",
                code.tokens,
            ).format(count=code.tokens, mistakes=code.mistakes)
        ),
        SiteTimer(),
        KeyCardGrid(view, None, hidden),
    ]
    if side is Player.A and not sharing:
        body.append(
            ft.TextButton(_("Show the code for side B"), on_click=lambda _e: set_sharing(True))
        )
    body.append(
        ResultForm(code)
        if ending
        else ft.Button(
            _("The game is over: record the result"),
            icon=ft.Icons.FLAG,
            on_click=lambda _e: set_ending(True),
        )
    )
    return screen(body, spacing=10)


def now() -> float:
    """The phone's clock, for its timer (a test sets its own)."""
    return time.time()


@component
def SiteTimer() -> ft.Control:
    """The turn timer on this phone alone: start the clue's time, then the guesses', and the
    same bar, warnings, sound and vibration as at a server's table; its settings are kept
    in the phone's storage."""
    page = ft.context.page
    settings, set_settings = use_value(TimerSettings)
    timer, set_timer = use_value(lambda: cast(TimerState | None, None))
    said, set_said = use_value(lambda: "")

    async def load() -> None:
        stored: object = None
        with contextlib.suppress(Exception):
            stored = await ft.SharedPreferences().get(TIMER_KEY)
        with contextlib.suppress(Exception):  # settings not kept, or not readable: the usual
            set_settings(TimerSettings(**json.loads(str(stored))))

    async def store(kept: TimerSettings) -> None:
        with contextlib.suppress(Exception):
            await ft.SharedPreferences().set(TIMER_KEY, json.dumps(asdict(kept)))

    ft.use_effect(load, [])

    def change(**what: Any) -> None:
        try:
            changed = replace(settings, **what)
        except GadgetError as wrong:
            set_said(say(wrong))
            return
        set_said("")
        set_settings(changed)
        set_timer(None)
        page.run_task(store, changed)

    def start(stretch: Stretch) -> None:
        turn = (timer.turn if timer else 0) + (1 if stretch is Stretch.CLUE else 0)
        set_timer(TimerState(settings, stretch, turn, now()))

    def pause() -> None:
        if timer is not None and not timer.paused:
            set_timer(replace(timer, paused_left=timer.seconds_left(now())))

    def resume() -> None:
        if timer is not None and timer.paused_left is not None:
            total = timer.settings.seconds_for(timer.stretch)
            started = now() - (total - timer.paused_left)
            set_timer(replace(timer, started_at=started, paused_left=None))

    def reset() -> None:
        if timer is not None:
            set_timer(replace(timer, started_at=now(), paused_left=None))

    controls: list[ft.Control] = [
        ft.Switch(
            label=_("Turn timer"),
            value=settings.enabled,
            on_change=lambda e: change(enabled=bool(e.control.value)),
        ),
    ]
    if settings.enabled:
        phase = Phase.GUESSING if timer and timer.stretch is Stretch.GUESS else Phase.CLUE
        controls += [
            TimerBar(phase, timer, TimerControls(now, pause, resume, reset)),
            ft.Row(
                [
                    ft.OutlinedButton(
                        _("Time the clue"),
                        icon=ft.Icons.TIMER,
                        on_click=lambda _e: start(Stretch.CLUE),
                    ),
                    ft.OutlinedButton(
                        _("Time the guesses"),
                        icon=ft.Icons.TIMER,
                        on_click=lambda _e: start(Stretch.GUESS),
                    ),
                ],
                wrap=True,
            ),
            seconds_field(
                _("Clue time"),
                _("Clue seconds"),
                settings.clue_seconds,
                lambda s: change(clue_seconds=s),
            ),
            seconds_field(
                _("Guess time"),
                _("Guess seconds"),
                settings.guess_seconds,
                lambda s: change(guess_seconds=s),
            ),
            *([ft.Text(said, color=palette.DANGER)] if said else []),
        ]
    return ft.Column(controls, spacing=4)


def playable_for(team: PhoneTeam, code: ShareCode) -> list[Mission]:
    """The cities this result may count for: those the team may play with this time bank
    (the open ones first), or none when no city has it."""
    states = team.states
    return [
        m
        for m in team.mission_map.missions
        if states[m.id] is not MissionState.LOCKED
        and (m.turns, m.mistakes) == (code.tokens, code.mistakes)
    ]


@component
def ResultForm(code: ShareCode) -> ft.Control:
    """Won or lost, tokens left, stops, sudden death: scored as the rule book does and, for
    a city, kept in the team's campaign (a win opens the cities joined to it)."""
    hold = use_team()
    missions = playable_for(hold.team, code)
    mission_id, set_mission_id = use_value(lambda: missions[0].id if missions else NO_MISSION)
    won, set_won = use_value(lambda: True)
    sudden, set_sudden = use_value(lambda: False)
    left: Any = ft.use_ref(None)
    stops: Any = ft.use_ref(None)
    said, set_said = use_value(lambda: ("", False))  # what happened, and whether it is bad

    def count(ref: Any) -> int:
        typed = str(ref.current or "0").strip() or "0"
        value = whole_number(typed, 2)
        if value is None:
            raise ValueError(_("{typed!r} is not a whole number").format(typed=typed))
        return value

    def save(_event: Any) -> None:
        try:
            result = Result(won, count(left), count(stops), sudden)
            if not mission_id:
                result.check(_practice(code))
                set_said(("\n".join(_score_lines(result)), False))
                return
            recorded = record_result(hold.team, mission_id, result, datetime.now(UTC).isoformat())
        except GadgetError as wrong:
            set_said((say(wrong), True))
            return
        except ValueError as wrong:
            set_said((str(wrong), True))
            return
        hold.keep(recorded.team)
        lines = _score_lines(result)
        if recorded.opened:
            lines.append(
                _("Now open: {cities}.").format(
                    cities=", ".join(city(m.name) for m in recorded.opened)
                )
            )
        set_said(("\n".join(lines), False))

    options = [
        ft.dropdown.Option(key=m.id, text=f"{city(m.name)} {m.parameters}") for m in missions
    ] + [ft.dropdown.Option(key=NO_MISSION, text=_("No mission (practice)"))]
    return panel(
        [
            ft.Text(_("The result"), size=20, weight=ft.FontWeight.W_600),
            ft.Dropdown(
                label=_("Mission"),
                value=mission_id,
                options=options,
                on_select=lambda e: set_mission_id(str(e.control.value or NO_MISSION)),
            ),
            ft.RadioGroup(
                value="1" if won else "0",  # keys, not words: a won game is 1
                on_change=lambda e: set_won(e.control.value == "1"),
                content=ft.Row(
                    [
                        ft.Radio(value="1", label=pgettext("result", "Won")),
                        ft.Radio(value="0", label=pgettext("result", "Lost")),
                    ]
                ),
            ),
            typed_field(left, _("Tokens left in the time bank"), "0", width=240),
            typed_field(
                stops,
                _("Stop tokens"),
                "0",
                width=240,
                helper=_("Each stop, and the winning turn"),
            ),
            ft.Checkbox(
                label=_("Sudden death was needed"),
                value=sudden,
                on_change=lambda e: set_sudden(bool(e.control.value)),
            ),
            ft.Button(_("Record the result"), icon=ft.Icons.SAVE, on_click=save),
            *(
                [ft.Text(said[0], color=palette.DANGER if said[1] else palette.INK)]
                if said[0]
                else []
            ),
        ]
    )


def _practice(code: ShareCode) -> Mission:
    """The time bank of a game outside the campaign, to check a result against."""
    return Mission(id="", name="", turns=code.tokens, mistakes=code.mistakes, lon=0, lat=0)


def _score_lines(result: Result) -> list[str]:
    """The score and the rule book's verdict on it, or that a lost game has none."""
    if result.score is None:
        return [_("Lost: no score.")]
    verdict = Message("The rule book says: {verdict}.", verdict=score_words(result.score))
    return [_("Score: {score}.").format(score=result.score), say(verdict)]


@component
def SiteTeamScreen() -> ft.Control:
    """The team on this phone: its map drawn, every attempt, and the document to carry it
    to the partner's phone or a server (a file, or a QR code while it is small)."""
    page = ft.context.page
    hold = use_team()
    team = hold.team
    name: Any = ft.use_ref(None)
    said, set_said = use_value(lambda: hold.trouble)
    showing_qr, set_showing_qr = use_value(lambda: False)
    replacing, set_replacing = use_value(lambda: cast(PhoneTeam | None, None))

    def save_name(_event: Any) -> None:
        try:
            hold.keep(rename(team, str(name.current or team.name)))
        except GadgetError as wrong:
            set_said(say(wrong))
            return
        set_said(_("Saved."))

    async def export(_event: Any) -> None:
        set_said(await download(f"{team.name}.gadget-team.json", team.to_json().encode()))

    async def import_file(_event: Any) -> None:
        try:
            text = await pick_json(Message("team backup"))
            if text is None:
                return
            set_replacing(team_from_json(text))
        except GadgetError as wrong:
            set_said(say(wrong))

    def take(incoming: PhoneTeam) -> None:
        set_replacing(None)
        hold.keep(incoming)
        set_said(_("This phone now keeps {team}.").format(team=incoming.name))

    ft.use_dialog(ReplaceDialog(team, replacing, take, lambda: set_replacing(None)))
    link = team_link(page.url, team)
    attempts = [
        ft.Text(
            _("{when}: {city}, {outcome}").format(
                when=moment(datetime.fromisoformat(a.played_at)),
                city=city(team.mission_map.mission(a.mission).name)
                if a.mission and a.mission in {m.id for m in team.mission_map.missions}
                else _("no mission"),
                outcome=_("won, score {score}").format(score=a.score) if a.won else _("lost"),
            )
        )
        for a in reversed(team.attempts)
    ]
    return screen(
        [
            ft.Row(
                [
                    ft.Text(team.name, size=24, weight=ft.FontWeight.BOLD),
                    ft.TextButton(_("Home"), on_click=lambda _e: page.navigate("/")),
                ],
                alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
            ),
            MissionMapView(team.mission_map, team.states, "/team/missions/"),
            ft.Text(_("Attempts"), size=20, weight=ft.FontWeight.W_600),
            *(attempts or [ft.Text(_("No attempt yet."))]),
            ft.Text(_("Carry the team"), size=20, weight=ft.FontWeight.W_600),
            ft.Row(
                [
                    ft.Button(_("Export a file"), icon=ft.Icons.DOWNLOAD, on_click=export),
                    ft.Button(_("Import a file"), icon=ft.Icons.UPLOAD, on_click=import_file),
                    ft.OutlinedButton(
                        _("Hide the QR code") if showing_qr else _("Show as a QR code"),
                        icon=ft.Icons.QR_CODE,
                        on_click=lambda _e: set_showing_qr(not showing_qr),
                    ),
                ],
                wrap=True,
            ),
            *(
                [
                    ft.Semantics(
                        label=_("QR code of the team"),
                        content=ft.Image(src=qr_png(link), width=260, height=260),
                    )
                    if len(link) <= QR_LIMIT
                    else ft.Text(
                        _("The team is too large for a QR code now: export a file instead.")
                    )
                ]
                if showing_qr
                else []
            ),
            ft.Row(
                [
                    typed_field(name, _("Team name"), team.name, expand=True),
                    ft.OutlinedButton(_("Rename"), on_click=save_name),
                ]
            ),
            *([ft.Text(said)] if said else []),
        ]
    )


def ReplaceDialog(
    team: PhoneTeam,
    incoming: PhoneTeam | None,
    take: Callable[[PhoneTeam], None],
    cancel: Callable[[], None],
) -> ft.AlertDialog | None:
    """Asks before the phone's team gives way to another one (nothing is replaced unasked)."""
    if incoming is None:
        return None
    return ft.AlertDialog(
        title=ft.Text(_("Keep {incoming} on this phone?").format(incoming=incoming.name)),
        content=ft.Text(
            ngettext(
                "It replaces {team} and its {count} attempt here; export {team} first to keep it.",
                "It replaces {team} and its {count} attempts here; export {team} first to keep it.",
                len(team.attempts),
            ).format(team=team.name, count=len(team.attempts))
        ),
        actions=[
            ft.TextButton(_("Keep {team}").format(team=team.name), on_click=lambda _e: cancel()),
            ft.Button(_("Replace"), on_click=lambda _e: take(incoming)),
        ],
        on_dismiss=lambda _e: cancel(),
    )


@component
def ImportRoute() -> ft.Control:
    """/import/<packed team>: what a team's QR code opens on the partner's phone."""
    page = ft.context.page
    hold = use_team()
    packed = ft.use_route_params().get("data", "")
    try:
        incoming = unpack_team(packed)
    except GadgetError as wrong:
        return dead_end(
            say(wrong), _("Ask your partner to show the team's QR code again."), _("Home"), "/"
        )

    def take(team: PhoneTeam) -> None:
        hold.keep(team)
        page.navigate("/team")

    return screen(
        [
            ft.Text(_("Keep {incoming} on this phone?").format(incoming=incoming.name), size=20),
            ft.Text(
                ngettext(
                    "It replaces {team} and its {count} attempt here; export {team} first to"
                    " keep it.",
                    "It replaces {team} and its {count} attempts here; export {team} first to"
                    " keep it.",
                    len(hold.team.attempts),
                ).format(team=hold.team.name, count=len(hold.team.attempts))
            ),
            ft.Row(
                [
                    ft.Button(_("Replace"), on_click=lambda _e: take(incoming)),
                    ft.TextButton(
                        _("Keep {team}").format(team=hold.team.name),
                        on_click=lambda _e: page.navigate("/"),
                    ),
                ],
                wrap=True,
            ),
        ]
    )


@component
def CityRoute() -> ft.Control:
    """/team/missions/<id>: a city's time bank, state and attempts."""
    hold = use_team()
    team = hold.team
    mission_id = ft.use_route_params().get("mission", "")
    try:
        mission = team.mission_map.mission(mission_id)
    except GadgetError:
        return dead_end(_("No such city on this map."), "", _("Mission map"), "/team")
    state = team.states[mission.id]
    tries = [a for a in team.attempts if a.mission == mission.id]
    best = max((a.score for a in tries if a.score is not None), default=None)
    return screen(
        [
            ft.Text(f"{city(mission.name)} {mission.parameters}", size=24),
            ft.Text(pgettext("mission", state.value)),
            ft.Text(
                ngettext("{count} attempt", "{count} attempts", len(tries)).format(count=len(tries))
                + ("" if best is None else " · " + _("best score {score}").format(score=best))
            ),
            ft.Button(_("Mission map"), on_click=lambda _e: ft.context.page.navigate("/team")),
        ]
    )


@component
def SiteScan() -> ft.Control:
    """/scan: the camera inside the app (where the origin is secure), read in the browser."""
    return CameraScreen(read_in_the_browser, lambda code: f"/play/{code.text}/b")


@component
def SiteApp(trouble: Trouble) -> ft.Control:
    """Every screen of the site, each at its address after the # (any static host serves
    it, and a reload opens the same screen)."""
    return Boundary(
        trouble,
        lambda: WithPhone(
            lambda: WithTeam(
                lambda: ft.Router(
                    [
                        ft.Route(index=True, component=SiteHome),
                        ft.Route(path="play/:code/:side", component=PlayRoute),
                        ft.Route(path="join/:code", component=JoinRoute),
                        ft.Route(path="import/:data", component=ImportRoute),
                        ft.Route(path="scan", component=SiteScan),
                        ft.Route(path="team", component=SiteTeamScreen),
                        ft.Route(path="team/missions/:mission", component=CityRoute),
                    ],
                    not_found=SiteHome,
                )
            )
        ),
    )


def main(page: ft.Page) -> None:
    """One phone's page: everything runs here, in the browser."""
    page.title = "Gadget"
    page.padding = PAGE_PADDING
    page.horizontal_alignment = ft.CrossAxisAlignment.CENTER
    trouble = Trouble(TRY_AGAIN)  # no server here: the details go to the browser's console
    trouble.install(page)
    page.render(SiteApp, trouble)


def run() -> None:
    """The site's entry point (the archive's main.py calls it)."""
    ft.run(main)
