"""A team's history: every attempt, filtered, with notes and two charts."""

from __future__ import annotations

from typing import Any

import flet as ft

from gadget.services.history import History, matching
from gadget.services.words import LOSS_WORDS
from gadget.services.worker import team_history
from gadget.store import MAX_NOTES, Team
from gadget.views.boundary import component
from gadget.views.charts import score_chart, wins_and_losses
from gadget.views.language import _, city, moment, ngettext, say
from gadget.views.shared import (
    Loading,
    content_width,
    guarded,
    loading,
    screen,
    use_slow_data,
    use_value,
)
from gadget.views.table_context import use_table
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
    # Every hook runs on every render: the history is loaded before the early returns (a
    # long one in the worker: its logs took seconds to read on the loop every phone shares).

    async def read() -> History | None:
        return await team_history(store, team) if isinstance(team, Team) else None

    history = use_slow_data(read, [team.id if isinstance(team, Team) else None])
    if team is None:
        return missing_team()
    if isinstance(team, Loading) or history is None:
        return loading(_("History"))
    attempts, names, plot = history.attempts, history.names, history.charts
    found = matching(attempts, mission_filter, result_filter)
    shown = found[:limit]

    def keep_note(attempt_id: int) -> Any:
        def save(event: Any) -> None:
            def keep() -> None:
                store.set_attempt_notes(attempt_id, str(event.control.value or ""))
                set_message(_("Note kept."))

            guarded(keep, set_message)(event)

        return save

    rows: list[ft.Control] = []
    for attempt in shown:
        mission_name = names.get(attempt.mission_id or "")
        where = city(mission_name) if mission_name else _("practice game")
        reason = LOSS_WORDS.get(attempt.reason or "")
        line = (
            _("{when}  {where}: won, {score}").format(
                when=moment(attempt.played_at), where=where, score=attempt.score
            )
            if attempt.won
            else _("{when}  {where}: lost ({reason})").format(
                when=moment(attempt.played_at),
                where=where,
                reason=say(reason) if reason else attempt.reason,
            )
            if attempt.reason is not None
            else _("{when}  {where}: lost").format(  # a told result says no reason
                when=moment(attempt.played_at), where=where
            )
        )
        rows.append(
            ft.Column(
                [
                    ft.Text(
                        line,
                        weight=ft.FontWeight.W_600,
                    ),
                    ft.TextField(
                        label=_("Notes"),
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
            ft.Text(
                _("{team}: history").format(team=team.name), size=24, weight=ft.FontWeight.BOLD
            ),
            ft.Row(
                [
                    ft.Dropdown(
                        label=_("Mission"),
                        value=mission_filter,
                        width=170,
                        options=[ft.DropdownOption(key="all", text=_("All missions"))]
                        + [ft.DropdownOption(key=i, text=city(n)) for i, n in names.items()],
                        on_select=lambda e: set_mission_filter(e.control.value or "all"),
                    ),
                    ft.Dropdown(
                        label=_("Result"),
                        value=result_filter,
                        width=130,
                        options=[
                            ft.DropdownOption(key=k, text=t)
                            for k, t in (("all", _("All")), ("won", _("Won")), ("lost", _("Lost")))
                        ],
                        on_select=lambda e: set_result_filter(e.control.value or "all"),
                    ),
                ],
                wrap=True,
            ),
            ft.Text(
                ngettext(
                    "{count} attempt shown of {found}",
                    "{count} attempts shown of {found}",
                    len(shown),
                ).format(count=len(shown), found=len(found))
                if len(found) > len(shown)
                else ngettext("{count} attempt shown", "{count} attempts shown", len(shown)).format(
                    count=len(shown)
                )
            ),
            *rows,
            *(
                [ft.TextButton(_("Show 50 more"), on_click=lambda _e: set_limit(limit + 50))]
                if len(found) > len(shown)
                else []
            ),
            ft.Text(message),
            ft.Text(_("Score over time"), size=18, weight=ft.FontWeight.W_600),
            score_chart(plot),
            ft.Text(_("Wins and losses by mission"), size=18, weight=ft.FontWeight.W_600),
            wins_and_losses(plot, content_width(page)),
            ft.Button(_("Back to the map"), on_click=lambda _e: page.navigate(f"/teams/{team.id}")),
        ],
        spacing=10,
    )
