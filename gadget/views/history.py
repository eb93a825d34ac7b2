"""A team's history: every attempt, filtered, with notes and two charts."""

from __future__ import annotations

from typing import Any

import flet as ft

from gadget.engine.text import counted
from gadget.services.history import load_history, matching
from gadget.store import MAX_NOTES, Team
from gadget.views.boundary import component
from gadget.views.charts import score_chart, wins_and_losses
from gadget.views.shared import (
    Loading,
    content_width,
    guarded,
    loading,
    screen,
    use_data,
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
    store = table.store
    # Every hook runs on every render: the history is loaded before the early returns.
    history = use_data(
        lambda: load_history(store, team) if isinstance(team, Team) else None,
        [team.id if isinstance(team, Team) else None],
    )
    if team is None:
        return missing_team()
    if isinstance(team, Loading) or history is None:
        return loading("History")
    attempts, names, plot = history.attempts, history.names, history.charts
    found = matching(attempts, mission_filter, result_filter)
    shown = found[:limit]

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
                + (f" of {len(found)}" if len(found) > len(shown) else "")
            ),
            *rows,
            *(
                [ft.TextButton("Show 50 more", on_click=lambda _: set_limit(limit + 50))]
                if len(found) > len(shown)
                else []
            ),
            ft.Text(message),
            ft.Text("Score over time", size=18, weight=ft.FontWeight.W_600),
            score_chart(plot),
            ft.Text("Wins and losses by mission", size=18, weight=ft.FontWeight.W_600),
            wins_and_losses(plot, content_width(page)),
            ft.Button("Back to the map", on_click=lambda _: page.navigate(f"/teams/{team.id}")),
        ],
        spacing=10,
    )
