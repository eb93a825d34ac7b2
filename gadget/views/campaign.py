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
from gadget.services.campaign import CampaignView, campaign_view
from gadget.services.printing.paper import print_booklets, print_keycards, print_map
from gadget.store import Team
from gadget.views.shared import guarded, screen, table, use_value

MAP_W, MAP_H = 620.0, 400.0  # drawn large, shown in a viewer the player pans and zooms
STATE_LOOK: dict[MissionState, tuple[str, Any, str]] = {
    MissionState.COMPLETED: ("#2E7D32", ft.Icons.CHECK, "completed"),
    MissionState.OPEN: ("#EF6C00", ft.Icons.PLAY_ARROW, "open"),
    MissionState.LOCKED: ("#90A4AE", ft.Icons.LOCK, "locked"),
}


def _team_or_none(name: str) -> Team | None:
    try:
        return table().store.team(name)
    except ValueError:
        return None


def _missing_team(name: str) -> ft.Control:
    page = ft.context.page
    return ft.Column(
        [
            ft.Text(f"No team named {name!r}.", size=20),
            ft.Button("Teams", on_click=lambda _: page.navigate("/teams")),
        ]
    )


@ft.component
def TeamsScreen() -> ft.Control:
    """Every team, and a new one."""
    page = ft.context.page
    name = ft.use_ref("")
    players = ft.use_ref("")
    message, set_message = use_value(lambda: "")
    revision, set_revision = use_value(lambda: 0)

    def add() -> None:
        team = table().store.add_team(str(name.current), str(players.current).split(","))
        set_message(f"Added {team.name}.")
        set_revision(revision + 1)

    async def bring_back(_: Any) -> None:
        text = await _pick_json()
        if text is None:
            return
        try:
            team = import_team(table().store, text)
        except ValueError as wrong:  # nothing of it was written
            set_message(f"That backup was not imported: {wrong}")
            return
        set_message(f"Imported {team.name}.")
        set_revision(revision + 1)

    rows: list[ft.Control] = [
        ft.ListTile(
            title=ft.Text(team.name),
            subtitle=ft.Text(", ".join(team.players) or "no players named"),
            on_click=lambda _, t=team.name: page.navigate(f"/teams/{t}"),
        )
        for team in table().store.teams()
    ]
    return screen(
        [
            ft.Text("Teams", size=24, weight=ft.FontWeight.BOLD),
            *(rows or [ft.Text("No team yet: add one to play the mission map.")]),
            ft.TextField(
                label="New team", on_change=lambda e: setattr(name, "current", e.control.value)
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


@ft.component
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
                    f"/teams/{view.team.name}/missions/{m}"
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


async def _download(name: str, data: bytes) -> None:
    """Offer a file to save: in a browser, a download."""
    await ft.FilePicker().save_file(file_name=name, src_bytes=data)


async def _pick_json() -> str | None:
    """The text of a JSON file the player picks, or None when they cancel."""
    files = await ft.FilePicker().pick_files(allowed_extensions=["json"], with_data=True)
    if not files or files[0].bytes is None:
        return None
    return files[0].bytes.decode("utf-8")


@ft.component
def TeamScreen() -> ft.Control:
    """A team: its players and map, the map drawn with every mission, and its files."""
    page = ft.context.page
    name = ft.use_route_params().get("team", "")
    message, set_message = use_value(lambda: "")
    revision, set_revision = use_value(lambda: 0)
    rename = ft.use_ref("")
    players = ft.use_ref("")
    team = _team_or_none(name)
    if team is None:
        return _missing_team(name)
    store = table().store
    view = campaign_view(store, team.name)

    def save() -> None:
        updated = store.update_team(
            team.id,
            name=str(rename.current) or None,
            players=str(players.current).split(",") if players.current else None,
        )
        set_message("Saved.")
        if updated.name != team.name:
            page.navigate(f"/teams/{updated.name}")
        set_revision(revision + 1)

    def choose_map(event: Any) -> None:
        store.update_team(team.id, map_id=int(event.control.value))
        set_revision(revision + 1)

    async def export(_: Any) -> None:
        data = json.dumps(export_team(store, team.name), indent=1, ensure_ascii=False)
        await _download(f"{team.name}.gadget-team.json", data.encode("utf-8"))

    async def export_map(_: Any) -> None:
        await _download(f"{team.name}.mission-map.json", view.mission_map.to_json().encode())

    async def print_pdf(_: Any) -> None:
        pdf = print_map(view.mission_map, "a4", team.name, store.completed(team.id))
        await _download(f"{team.name}-mission-map.pdf", pdf)

    async def import_map(_: Any) -> None:
        text = await _pick_json()
        if text is None:
            return
        try:
            imported = parse_map(text)
        except ValueError as wrong:
            set_message(f"That map was not imported: {wrong}")
            return
        store.update_team(team.id, map_id=store.add_map(imported))
        set_message(f"{team.name} now plays on {imported.name!r}.")
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
                on_click=lambda _: page.navigate(f"/teams/{team.name}/history"),
            ),
            ft.Text("The team", size=18, weight=ft.FontWeight.W_600),
            ft.TextField(
                label="Rename", on_change=lambda e: setattr(rename, "current", e.control.value)
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
                options=[ft.DropdownOption(key=str(i), text=n) for i, n in store.maps()],
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


@ft.component
def MissionCardScreen() -> ft.Control:
    """A city's card: its time bank, what it rewards, the team's record, and Start."""
    page = ft.context.page
    params = ft.use_route_params()
    name, mission_id = params.get("team", ""), params.get("mission", "")
    message, set_message = use_value(lambda: "")
    team = _team_or_none(name)
    if team is None:
        return _missing_team(name)
    view = campaign_view(table().store, team.name)
    card = next((c for c in view.cards if c.mission.id == mission_id), None)
    if card is None:
        return ft.Text(f"No mission {mission_id!r} on {team.name}'s map.")
    mission, stats = card.mission, card.stats

    def start() -> None:
        game = table().deal(team_name=team.name, mission_name=mission.id)
        page.navigate(f"/game/{game.id}/a")

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
            ft.Button("Back to the map", on_click=lambda _: page.navigate(f"/teams/{team.name}")),
        ],
        spacing=10,
    )


@ft.component
def HistoryScreen() -> ft.Control:
    """Every attempt (newest first), filtered by mission and result, with notes and charts."""
    page = ft.context.page
    name = ft.use_route_params().get("team", "")
    mission_filter, set_mission_filter = use_value(lambda: "all")
    result_filter, set_result_filter = use_value(lambda: "all")
    message, set_message = use_value(lambda: "")
    limit, set_limit = use_value(lambda: 50)
    team = _team_or_none(name)
    if team is None:
        return _missing_team(name)
    store = table().store
    mission_map = store.mission_map(team.map_id)
    names = {m.id: m.name for m in mission_map.missions}
    attempts = store.attempts(team.id)
    matching = [
        a
        for a in reversed(attempts)
        if mission_filter in ("all", a.mission_id or "")
        and result_filter in ("all", "won" if a.won else "lost")
    ]
    shown = matching[:limit]

    def keep_note(attempt_id: int) -> Any:
        def save(event: Any) -> None:
            store.set_attempt_notes(attempt_id, event.control.value)
            set_message("Note kept.")

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
            ft.Button("Back to the map", on_click=lambda _: page.navigate(f"/teams/{team.name}")),
        ],
        spacing=10,
    )


@ft.component
def PaperScreen() -> ft.Control:
    """Booklets and key cards to print, for a trip without phones: a download each."""
    page = ft.context.page
    games, set_games = use_value(lambda: "10")
    language, set_language = use_value(lambda: "en")
    message, set_message = use_value(lambda: "")

    def count() -> int:
        if not games.isdigit() or not 1 <= int(games) <= 1000:
            raise ValueError(f"{games!r} games: print 1 to 1000")
        return int(games)

    async def booklets(_: Any) -> None:
        try:
            seed = secrets.randbits(32)
            pdf = print_booklets(seed, count(), language)
        except ValueError as wrong:
            set_message(str(wrong))
            return
        await _download(f"duet-booklets-{seed}.pdf", pdf)
        set_message(f"Booklets for {games} games, seed {seed}: print both halves.")

    async def keycards(_: Any) -> None:
        try:
            seed = secrets.randbits(32)
            pdf = print_keycards(seed, count())
        except ValueError as wrong:
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
                on_change=lambda e: set_games(e.control.value),
            ),
            ft.Dropdown(
                label="Words",
                value=language,
                width=160,
                options=[
                    ft.DropdownOption(key="en", text="English"),
                    ft.DropdownOption(key="fr", text="Français"),
                ],
                on_select=lambda e: set_language(e.control.value or "en"),
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
