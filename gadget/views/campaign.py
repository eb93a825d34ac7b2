"""The campaign on screen: teams, the mission map drawn as a map, a city's card, the history."""

from __future__ import annotations

import json
import secrets
from typing import Any

import flet as ft
import flet.canvas as cv
import flet_charts as charts

from gadget.missions import MissionState, parse_map, play_style
from gadget.missions.layout import map_layout
from gadget.services.backup import export_team, import_team
from gadget.services.campaign import CampaignView, campaign_view, mission_names
from gadget.services.printing.paper import PrintError, print_booklets, print_keycards, print_map
from gadget.services.printing.worker import off_the_loop
from gadget.services.uploads import read_upload
from gadget.store import MAX_NAME, MAX_NOTES, NotFoundError, Team
from gadget.views.boundary import component
from gadget.views.phone import use_phone
from gadget.views.shared import (
    brief,
    guarded,
    qr_png,
    safe_file_name,
    screen,
    table,
    use_value,
    web_address,
    whole_number,
)

MAP_W, MAP_H = 620.0, 400.0  # drawn large, shown in a viewer the player pans and zooms
STATE_LOOK: dict[MissionState, tuple[str, Any, str]] = {
    MissionState.COMPLETED: ("#2E7D32", ft.Icons.CHECK, "completed"),
    MissionState.OPEN: ("#EF6C00", ft.Icons.PLAY_ARROW, "open"),
    MissionState.LOCKED: ("#90A4AE", ft.Icons.LOCK, "locked"),
}


def use_team() -> Team | None:
    """The team the address names, if it is one of this phone's (another phone's team is
    "no such team", exactly like one that does not exist)."""
    phone = use_phone()
    number = ft.use_route_params().get("team", "")
    if not (number.isascii() and number.isdigit() and len(number) <= 9):
        return None
    try:
        return table().team_of(phone, int(number))
    except NotFoundError:
        return None


def _missing_team() -> ft.Control:
    page = ft.context.page
    return screen(
        [
            ft.Text("No such team on this phone.", size=20),
            ft.Text("A team shows on the phones that made it or opened its invite link."),
            ft.Button("Teams", on_click=lambda _: page.navigate("/teams")),
        ]
    )


@component
def InviteRoute() -> ft.Control:
    """/invite/<secret>: the team's invite link; this phone joins the team."""
    page = ft.context.page
    phone = use_phone()
    secret = ft.use_route_params().get("invite", "")
    team = ft.use_memo(lambda: table().accept_invite(secret, phone), [secret])
    if team is None:
        return screen(
            [
                ft.Text("That invite link does not work.", size=20),
                ft.Text("Ask the team for its link again: a team can replace an old one."),
                ft.Button("Home", on_click=lambda _: page.navigate("/")),
            ]
        )
    return screen(
        [
            ft.Text(f"This phone is now in {team.name}.", size=20),
            ft.Button("Open the team", on_click=lambda _: page.navigate(f"/teams/{team.id}")),
        ]
    )


@component
def TeamsScreen() -> ft.Control:
    """Every team, and a new one."""
    page = ft.context.page
    name = ft.use_ref("")
    players = ft.use_ref("")
    message, set_message = use_value(lambda: "")
    revision, set_revision = use_value(lambda: 0)

    phone = use_phone()

    def add() -> None:
        team = table().store.add_team(
            str(name.current), str(players.current).split(","), phone=phone.key
        )
        set_message(f"Added {team.name}.")
        set_revision(revision + 1)

    async def bring_back(_: Any) -> None:
        try:
            text = await _pick_json("team backup")
            if text is None:
                return
            team = import_team(table().store, text, phone=phone.key)
        except ValueError as wrong:  # nothing of it was written
            set_message(brief(f"That backup was not imported: {wrong}"))
            return
        set_message(f"Imported {team.name}.")
        set_revision(revision + 1)

    rows: list[ft.Control] = [
        ft.ListTile(
            title=ft.Text(team.name),
            subtitle=ft.Text(", ".join(team.players) or "no players named"),
            on_click=lambda _, t=team.id: page.navigate(f"/teams/{t}"),
        )
        for team in table().store.teams(phone.key)
    ]
    return screen(
        [
            ft.Text("Teams", size=24, weight=ft.FontWeight.BOLD),
            *(rows or [ft.Text("No team yet: add one to play the mission map.")]),
            ft.TextField(
                label="New team",
                max_length=MAX_NAME,
                on_change=lambda e: setattr(name, "current", e.control.value),
            ),
            ft.TextField(
                label="Players (Ann, Ben)",
                on_change=lambda e: setattr(players, "current", e.control.value),
            ),
            ft.Row(
                [
                    ft.Button(
                        "Add team", icon=ft.Icons.GROUP_ADD, on_click=guarded(add, set_message)
                    ),
                    ft.OutlinedButton("Import a team", icon=ft.Icons.UPLOAD, on_click=bring_back),
                ],
                wrap=True,
            ),
            ft.Text(message),
            ft.Button("Home", on_click=lambda _: page.navigate("/")),
        ],
        spacing=10,
    )


@component
def MissionMapView(view: CampaignView) -> ft.Control:
    """The map drawn as a map: lines, then cities told apart by colour and by symbol."""
    page = ft.context.page
    places = {
        mission: (x * (MAP_W - 40) + 20, y * (MAP_H - 40) + 14)
        for mission, (x, y) in map_layout(view.mission_map, MAP_H / MAP_W, 0.1).items()
    }
    lines: list[cv.Shape] = [
        cv.Line(
            *places[line.a],
            *places[line.b],
            paint=ft.Paint(
                color="#455A64" if line.from_rulebook else "#B0BEC5",
                stroke_width=2 if line.from_rulebook else 1,
            ),
        )
        for line in view.mission_map.lines
    ]
    cities: list[ft.Control] = []
    for card in view.cards:
        colour, icon, word = STATE_LOOK[card.state]
        x, y = places[card.mission.id]
        mission = card.mission
        cities.append(
            ft.Container(
                left=x - 24,
                top=y - 10,
                width=48,
                on_click=lambda _, m=mission.id: page.navigate(
                    f"/teams/{view.team.id}/missions/{m}"
                ),
                content=ft.Semantics(
                    label=f"{mission.name} {mission.parameters}, {word}",
                    button=True,
                    content=ft.Column(
                        [
                            ft.Container(
                                content=ft.Icon(icon, size=12, color="#FFFFFF"),
                                bgcolor=colour,
                                width=20,
                                height=20,
                                border_radius=10,
                                alignment=ft.Alignment.CENTER,
                            ),
                            ft.Text(mission.name, size=8, no_wrap=True),
                            ft.Text(mission.parameters, size=8),
                        ],
                        spacing=0,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                ),
            )
        )
    drawing = ft.Container(
        content=ft.Stack([cv.Canvas(lines, width=MAP_W, height=MAP_H), *cities]),
        width=MAP_W,
        height=MAP_H + 20,
        bgcolor="#ECEFF1",
    )
    return ft.Container(
        content=ft.InteractiveViewer(
            content=drawing,
            constrained=False,
            min_scale=0.5,
            max_scale=3,
            boundary_margin=ft.Margin.all(40),
        ),
        height=300,
        border_radius=8,
        bgcolor="#ECEFF1",
        clip_behavior=ft.ClipBehavior.HARD_EDGE,
    )


@component
def InvitePanel(team: Team, new_invite: Any) -> ft.Control:
    """The team's invite link and its QR code: a phone that opens it joins the team."""
    page = ft.context.page
    showing, set_showing = use_value(lambda: False)
    if not showing:
        return ft.TextButton(
            "Invite a phone to the team",
            icon=ft.Icons.QR_CODE,
            on_click=lambda _: set_showing(True),
        )
    base = web_address(page.url).rstrip("/") if page.url else ""
    link = f"{base}/invite/{team.invite}"
    return ft.Container(
        content=ft.Column(
            [
                ft.Text(
                    "A phone that opens this link joins the team: share it only with your partner."
                ),
                ft.Semantics(
                    label="QR code of the team's invite link",
                    content=ft.Image(src=qr_png(link), width=160, height=160),
                ),
                ft.Text(link, size=12, selectable=False),
                ft.Row(
                    [
                        ft.TextButton("Hide the invite", on_click=lambda _: set_showing(False)),
                        ft.TextButton("New invite link", on_click=new_invite),
                    ],
                    wrap=True,
                ),
            ],
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            spacing=6,
        ),
        padding=10,
        border=ft.Border.all(1, "#B0BEC5"),
        border_radius=8,
    )


async def _download(name: str, data: bytes) -> None:
    """Offer a file to save: in a browser, a download."""
    await ft.FilePicker().save_file(file_name=name, src_bytes=data)


async def _pick_json(what: str) -> str | None:
    """The text of a JSON file the player picks, or None when they cancel; UploadError
    (a ValueError) for one too large or not UTF-8."""
    files = await ft.FilePicker().pick_files(allowed_extensions=["json"], with_data=True)
    if not files:
        return None
    return read_upload(files[0].bytes, what)


@component
def TeamScreen() -> ft.Control:
    """A team: its players and map, the map drawn with every mission, and its files."""
    page = ft.context.page
    message, set_message = use_value(lambda: "")
    revision, set_revision = use_value(lambda: 0)
    rename = ft.use_ref("")
    players = ft.use_ref("")
    team = use_team()
    if team is None:
        return _missing_team()
    store = table().store
    view = campaign_view(store, team)
    file_name = safe_file_name(team.name)

    def save() -> None:
        store.update_team(
            team.id,
            name=str(rename.current) or None,
            players=str(players.current).split(",") if players.current else None,
        )
        set_message("Saved.")
        set_revision(revision + 1)

    def choose_map(event: Any) -> None:
        chosen = whole_number(str(event.control.value or ""), digits=9)
        if chosen is None or chosen not in {i for i, _ in store.maps_of_team(team)}:
            set_message("That is not one of the maps.")
            return
        store.update_team(team.id, map_id=chosen)
        set_revision(revision + 1)

    async def export(_: Any) -> None:
        data = json.dumps(export_team(store, team), indent=1, ensure_ascii=False)
        await _download(f"{file_name}.gadget-team.json", data.encode("utf-8"))

    async def export_map(_: Any) -> None:
        await _download(f"{file_name}.mission-map.json", view.mission_map.to_json().encode())

    async def print_pdf(_: Any) -> None:
        pdf = await off_the_loop(
            print_map, view.mission_map, "a4", team.name, store.completed(team.id)
        )
        await _download(f"{file_name}-mission-map.pdf", pdf)

    async def import_map(_: Any) -> None:
        try:
            text = await _pick_json("map")
            if text is None:
                return
            imported = parse_map(text)
        except ValueError as wrong:
            set_message(brief(f"That map was not imported: {wrong}"))
            return
        store.update_team(team.id, map_id=store.add_map(imported, team.id))
        set_message(f"{team.name} now plays on {imported.name!r}.")
        set_revision(revision + 1)

    def new_invite() -> None:
        store.new_invite(team.id)
        set_message("A new invite link: the old one no longer works.")
        set_revision(revision + 1)

    from_rulebook = sum(line.from_rulebook for line in view.mission_map.lines)
    return screen(
        [
            ft.Text(team.name, size=24, weight=ft.FontWeight.BOLD),
            ft.Text(", ".join(team.players) or "No players named yet."),
            MissionMapView(view),
            ft.Text(
                f"Lines: {from_rulebook} from the rule book, "
                f"{len(view.mission_map.lines) - from_rulebook} reconstructed or the team's own."
                " Drag or pinch the map; tap a city for its card.",
                size=11,
            ),
            ft.Text("Open now: " + (", ".join(m.name for m in view.open_missions) or "none")),
            ft.Button(
                "History and charts",
                icon=ft.Icons.INSIGHTS,
                on_click=lambda _: page.navigate(f"/teams/{team.id}/history"),
            ),
            ft.Text("The team", size=18, weight=ft.FontWeight.W_600),
            InvitePanel(team, guarded(new_invite, set_message)),
            ft.TextField(
                label="Rename",
                max_length=MAX_NAME,
                on_change=lambda e: setattr(rename, "current", e.control.value),
            ),
            ft.TextField(
                label="Players",
                value=", ".join(team.players),
                on_change=lambda e: setattr(players, "current", e.control.value),
            ),
            ft.Button("Save", on_click=guarded(save, set_message)),
            ft.Dropdown(
                label="Map",
                value=str(team.map_id),
                options=[
                    ft.DropdownOption(key=str(i), text=n) for i, n in store.maps_of_team(team)
                ],
                on_select=choose_map,
            ),
            ft.Row(
                [
                    ft.OutlinedButton("Export team", icon=ft.Icons.DOWNLOAD, on_click=export),
                    ft.OutlinedButton("Export map", icon=ft.Icons.MAP, on_click=export_map),
                    ft.OutlinedButton("Import map", icon=ft.Icons.UPLOAD, on_click=import_map),
                    ft.OutlinedButton(
                        "Print the map (PDF)", icon=ft.Icons.PRINT, on_click=print_pdf
                    ),
                ],
                wrap=True,
            ),
            ft.Text(message),
            ft.Button("Teams", on_click=lambda _: page.navigate("/teams")),
        ],
        spacing=10,
    )


@component
def MissionCardScreen() -> ft.Control:
    """A city's card: its time bank, what it rewards, the team's record, and Start."""
    page = ft.context.page
    phone = use_phone()
    mission_id = ft.use_route_params().get("mission", "")[:40]
    message, set_message = use_value(lambda: "")
    team = use_team()
    if team is None:
        return _missing_team()
    view = campaign_view(table().store, team)
    card = next((c for c in view.cards if c.mission.id == mission_id), None)
    if card is None:
        return screen(
            [
                ft.Text(f"No mission {mission_id!r} on {team.name}'s map."),
                ft.Button("Back to the map", on_click=lambda _: page.navigate(f"/teams/{team.id}")),
            ]
        )
    mission, stats = card.mission, card.stats

    def start() -> None:
        game = table().deal(team_name=team.name, mission_name=mission.id, phone=phone)
        page.navigate(f"/game/{game.public_id}")

    record = (
        f"{stats.attempts} attempt{'s' if stats.attempts != 1 else ''}, {stats.wins} won"
        + (f", best score {stats.best_score}" if stats.best_score is not None else "")
        if stats
        else "Not attempted yet."
    )
    actions: list[ft.Control] = []
    if card.state is not MissionState.LOCKED:
        actions.append(
            ft.Button(
                "Start this mission",
                icon=ft.Icons.PLAY_ARROW,
                on_click=guarded(start, set_message),
            )
        )
    else:
        actions.append(ft.Text("Locked: win a mission joined to it by a line first."))
    return screen(
        [
            ft.Text(f"{mission.name} {mission.parameters}", size=24, weight=ft.FontWeight.BOLD),
            ft.Text(f"{mission.turns} timer tokens, {mission.mistakes} of them bystander side up."),
            ft.Text(play_style(mission)),
            ft.Text(f"State: {card.state.value}."),
            ft.Text(record),
            *actions,
            ft.Text(message, color="#B71C1C"),
            ft.Button("Back to the map", on_click=lambda _: page.navigate(f"/teams/{team.id}")),
        ],
        spacing=10,
    )


@component
def HistoryScreen() -> ft.Control:
    """Every attempt (newest first), filtered by mission and result, with notes and charts."""
    page = ft.context.page
    mission_filter, set_mission_filter = use_value(lambda: "all")
    result_filter, set_result_filter = use_value(lambda: "all")
    message, set_message = use_value(lambda: "")
    limit, set_limit = use_value(lambda: 50)
    team = use_team()
    if team is None:
        return _missing_team()
    store = table().store
    attempts = store.attempts(team.id)
    names = mission_names(store, team, attempts)
    matching = [
        a
        for a in reversed(attempts)
        if mission_filter in ("all", a.mission_id or "")
        and result_filter in ("all", "won" if a.won else "lost")
    ]
    shown = matching[:limit]

    def keep_note(attempt_id: int) -> Any:
        def save(event: Any) -> None:
            def keep() -> None:
                store.set_attempt_notes(attempt_id, str(event.control.value or ""))
                set_message("Note kept.")

            guarded(keep, set_message)(event)

        return save

    rows: list[ft.Control] = []
    for attempt in shown:
        result = f"won, {attempt.score}" if attempt.won else f"lost ({attempt.reason})"
        where = names.get(attempt.mission_id or "", "practice game")
        rows.append(
            ft.Column(
                [
                    ft.Text(
                        f"{attempt.played_at:%Y-%m-%d %H:%M}  {where}: {result}",
                        weight=ft.FontWeight.W_600,
                    ),
                    ft.TextField(
                        label="Notes",
                        value=attempt.notes,
                        max_length=MAX_NOTES,
                        dense=True,
                        on_blur=keep_note(attempt.id),
                        on_submit=keep_note(attempt.id),
                    ),
                ],
                spacing=2,
            )
        )
    won_scores = [(i, a.score) for i, a in enumerate(attempts) if a.score is not None]
    by_mission = sorted({a.mission_id for a in attempts if a.mission_id}, key=list(names).index)
    tallies = [
        (
            sum(a.won for a in attempts if a.mission_id == m),
            sum(not a.won for a in attempts if a.mission_id == m),
        )
        for m in by_mission
    ]
    return screen(
        [
            ft.Text(f"{team.name}: history", size=24, weight=ft.FontWeight.BOLD),
            ft.Row(
                [
                    ft.Dropdown(
                        label="Mission",
                        value=mission_filter,
                        width=170,
                        options=[ft.DropdownOption(key="all", text="All missions")]
                        + [ft.DropdownOption(key=i, text=n) for i, n in names.items()],
                        on_select=lambda e: set_mission_filter(e.control.value or "all"),
                    ),
                    ft.Dropdown(
                        label="Result",
                        value=result_filter,
                        width=130,
                        options=[
                            ft.DropdownOption(key=k, text=t)
                            for k, t in (("all", "All"), ("won", "Won"), ("lost", "Lost"))
                        ],
                        on_select=lambda e: set_result_filter(e.control.value or "all"),
                    ),
                ],
                wrap=True,
            ),
            ft.Text(
                f"{len(shown)} attempt{'s' if len(shown) != 1 else ''} shown"
                + (f" of {len(matching)}" if len(matching) > len(shown) else "")
            ),
            *rows,
            *(
                [ft.TextButton("Show 50 more", on_click=lambda _: set_limit(limit + 50))]
                if len(matching) > len(shown)
                else []
            ),
            ft.Text(message),
            ft.Text("Score over time", size=18, weight=ft.FontWeight.W_600),
            charts.LineChart(
                data_series=[
                    charts.LineChartData(
                        points=[charts.LineChartDataPoint(x, y) for x, y in won_scores],
                        color="#2E7D32",
                        stroke_width=3,
                    )
                ],
                height=160,
                min_y=0,
                max_y=max(y for _, y in won_scores) + 3,
                min_x=0,
                max_x=max(len(attempts) - 1, 1),
                left_axis=charts.ChartAxis(label_size=28, title=ft.Text("score", size=10)),
                bottom_axis=charts.ChartAxis(label_size=20, title=ft.Text("attempt", size=10)),
            )
            if won_scores
            else ft.Text("No win yet."),
            ft.Text("Wins and losses by mission", size=18, weight=ft.FontWeight.W_600),
            charts.BarChart(
                groups=[
                    charts.BarChartGroup(
                        x=index,
                        rods=[
                            charts.BarChartRod(to_y=wins, color="#2E7D32", width=8),
                            charts.BarChartRod(to_y=losses, color="#B71C1C", width=8),
                        ],
                    )
                    for index, (wins, losses) in enumerate(tallies)
                ],
                height=160,
                left_axis=charts.ChartAxis(label_size=24),
            )
            if by_mission
            else ft.Text("No mission played yet."),
            ft.Text(
                "Green: wins; red: losses. Missions: " + ", ".join(names[m] for m in by_mission),
                size=11,
            ),
            ft.Button("Back to the map", on_click=lambda _: page.navigate(f"/teams/{team.id}")),
        ],
        spacing=10,
    )


@component
def PaperScreen() -> ft.Control:
    """Booklets and key cards to print, for a trip without phones: a download each."""
    page = ft.context.page
    games, set_games = use_value(lambda: "10")
    language, set_language = use_value(lambda: "en")
    message, set_message = use_value(lambda: "")

    def count() -> int:
        number = whole_number(games)
        if number is None or not 1 <= number <= 1000:
            raise PrintError(f"{games[:10]!r} games: print 1 to 1000")
        return number

    async def booklets(_: Any) -> None:
        try:
            seed = secrets.randbits(32)
            set_message("Making the booklets…")
            pdf = await off_the_loop(print_booklets, seed, count(), language)
        except PrintError as wrong:
            set_message(brief(str(wrong)))
            return
        await _download(f"duet-booklets-{seed}.pdf", pdf)
        set_message(f"Booklets for {games} games, seed {seed}: print both halves.")

    async def keycards(_: Any) -> None:
        try:
            seed = secrets.randbits(32)
            set_message("Making the key cards…")
            pdf = await off_the_loop(print_keycards, seed, count())
        except PrintError as wrong:
            set_message(str(wrong))
            return
        await _download(f"duet-key-cards-{seed}.pdf", pdf)
        set_message(f"{games} key cards, seed {seed}: cut, fold, and stand them between you.")

    return screen(
        [
            ft.Text("Paper", size=24, weight=ft.FontWeight.BOLD),
            ft.Text("Play without phones: booklets (one per player) or key cards to fold."),
            ft.TextField(
                label="Games",
                value=games,
                width=120,
                keyboard_type=ft.KeyboardType.NUMBER,
                on_change=lambda e: set_games(str(e.control.value or "")[:10]),
            ),
            ft.Dropdown(
                label="Words",
                value=language,
                width=160,
                options=[
                    ft.DropdownOption(key="en", text="English"),
                    ft.DropdownOption(key="fr", text="Français"),
                ],
                on_select=lambda e: set_language("fr" if e.control.value == "fr" else "en"),
            ),
            ft.Row(
                [
                    ft.Button("Booklets (PDF)", icon=ft.Icons.MENU_BOOK, on_click=booklets),
                    ft.Button("Key cards (PDF)", icon=ft.Icons.STYLE, on_click=keycards),
                ],
                wrap=True,
            ),
            ft.Text(message),
            ft.Text("A team's mission map prints from the team's screen.", size=12),
            ft.Button("Home", on_click=lambda _: page.navigate("/")),
        ],
        spacing=12,
    )
