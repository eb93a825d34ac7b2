"""/teams/<n>/history: a team's history: every attempt, filtered, with notes and two charts."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import flet as ft

from gadget.engine import GadgetError
from gadget.services import addresses
from gadget.services.history import History, matching
from gadget.services.records import Team
from gadget.services.words import LOSS_WORDS
from gadget.views.parts.boundary import component
from gadget.views.parts.choices import dropdown
from gadget.views.parts.fields import FieldEvent, text_of, typed_field, typed_row, use_typed_rows
from gadget.views.parts.hooks import Loading, use_slow_data, use_value
from gadget.views.parts.language import _, city, moment, ngettext, say
from gadget.views.parts.layout import content_width, loading, screen
from gadget.views.parts.phone import use_phone
from gadget.views.parts.shared import brief
from gadget.views.served.addressed_team import missing_team, use_team
from gadget.views.served.charts import score_chart, wins_and_losses
from gadget.views.served.table_context import use_table
from gadget.views.served.who_played import sides_line


@component
def TeamHistoryScreen() -> ft.Control:
    """Every attempt (newest first), filtered by mission and result, with notes and charts."""
    table = use_table()
    page = ft.context.page
    mission_filter, set_mission_filter = use_value(lambda: "all")
    result_filter, set_result_filter = use_value(lambda: "all")
    typed_notes = use_typed_rows()  # each attempt's note as typed, kept across renders
    kept_notes = use_typed_rows()  # each note as last written from here (the history is older)
    note_said, set_note_said = use_value(lambda: cast(dict[int, tuple[str, bool]], {}))
    limit, set_limit = use_value(lambda: 50)
    team = use_team()
    phone = use_phone()
    # Every hook runs on every render: the history is loaded before the early returns (a
    # long one in the worker: its logs took seconds to read on the loop every phone shares).

    async def read() -> History | None:
        return await table.history(phone, team.id) if isinstance(team, Team) else None

    history = use_slow_data(read, [team.id if isinstance(team, Team) else None])
    if team is None:
        return missing_team()
    if isinstance(team, Loading) or history is None:
        return loading(_("History"))
    attempts, names, plot = history.attempts, history.names, history.charts
    found = matching(attempts, mission_filter, result_filter)
    shown = found[:limit]

    def note_shown(attempt_id: int, stored: str | None) -> str:
        """The note as last kept from this screen, else as the history read it."""
        return kept_notes.get(attempt_id, stored or "")

    def keep_note(attempt_id: int, stored: str | None) -> Callable[[FieldEvent], None]:
        def save(_event: FieldEvent) -> None:
            text = text_of(typed_row(typed_notes, attempt_id), note_shown(attempt_id, stored))
            if text == note_shown(attempt_id, stored):
                return  # unchanged (Enter then leaving the field): nothing to write
            try:
                table.set_attempt_notes(phone, attempt_id, text)
            except GadgetError as refused:  # too long: said on the field, the text stays
                set_note_said({**note_said, attempt_id: (brief(say(refused)), True)})
                return
            kept_notes[attempt_id] = text
            set_note_said({**note_said, attempt_id: (_("Note kept."), False)})

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
                    *sides_line(attempt),
                    typed_field(
                        typed_row(typed_notes, attempt.id),
                        _("Notes"),
                        note_shown(attempt.id, attempt.notes),
                        dense=True,
                        on_blur=keep_note(attempt.id, attempt.notes),
                        on_submit=keep_note(attempt.id, attempt.notes),
                        **_said_on_field(note_said.get(attempt.id)),
                    ),
                ],
                spacing=10,  # the field's label floats above its frame: room for it under the line
            )
        )
    return screen(
        [
            ft.Text(
                _("{team}: history").format(team=team.name), size=24, weight=ft.FontWeight.BOLD
            ),
            ft.Row(
                [
                    dropdown(
                        _("Mission"),
                        mission_filter,
                        [ft.DropdownOption(key="all", text=_("All missions"))]
                        + [ft.DropdownOption(key=i, text=city(n)) for i, n in names.items()],
                        lambda e: set_mission_filter(e.control.value or "all"),
                    ),  # a phone's whole line: "Toutes les missions" shown whole
                    dropdown(
                        _("Result"),
                        result_filter,
                        [
                            ft.DropdownOption(key=k, text=t)
                            for k, t in (("all", _("All")), ("won", _("Won")), ("lost", _("Lost")))
                        ],
                        lambda e: set_result_filter(e.control.value or "all"),
                        width=150,
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
            ft.Text(_("Score over time"), size=18, weight=ft.FontWeight.W_600),
            score_chart(plot),
            ft.Text(_("Wins and losses by mission"), size=18, weight=ft.FontWeight.W_600),
            wins_and_losses(plot, content_width(page)),
            ft.Button(
                _("Back to the map"), on_click=lambda _e: page.navigate(addresses.team(team.id))
            ),
        ],
        spacing=10,
    )


def _said_on_field(said: tuple[str, bool] | None) -> dict[str, str]:
    """What the last Enter did to a note, on its field: kept (a hint) or refused (in red)."""
    if said is None:
        return {}
    text, refused = said
    return {"error": text} if refused else {"helper": text}
