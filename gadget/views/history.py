"""A team's history: every attempt, filtered, with notes and two charts."""

from __future__ import annotations

from typing import Any

import flet as ft
import flet_charts as charts

from gadget.engine.text import counted
from gadget.services import palette
from gadget.services.campaign import mission_names
from gadget.store import MAX_NOTES
from gadget.views.boundary import component
from gadget.views.shared import (
    guarded,
    screen,
    use_table,
    use_value,
)
from gadget.views.teams import missing_team, use_team


@component
def HistoryScreen() -> ft.Control:
    """Every attempt (newest first), filtered by mission and result, with notes and charts."""
    table = use_table()
    page = ft.context.page
    mission_filter, set_mission_filter = use_value(lambda: "all")
    result_filter, set_result_filter = use_value(lambda: "all")
    message, set_message = use_value(lambda: "")
    limit, set_limit = use_value(lambda: 50)
    team = use_team()
    if team is None:
        return missing_team()
    store = table.store
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
                f"{counted(len(shown), 'attempt')} shown"
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
                        color=palette.WIN,
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
                            charts.BarChartRod(to_y=wins, color=palette.WIN, width=8),
                            charts.BarChartRod(to_y=losses, color=palette.DANGER, width=8),
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
