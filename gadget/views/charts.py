"""The history's two charts, readable with one attempt and with a thousand: whole-number
axes, a point for every score, and each mission's wins and losses named on its bar."""

from __future__ import annotations

import flet as ft
import flet_charts as charts

from gadget.services import palette
from gadget.services.history import HistoryCharts
from gadget.views.language import _, city, ngettext
from gadget.views.shared import TEXT_MIN

NAME_W = 110  # a mission's name beside its bar: cut with "…", never wrapped
COUNT_W = 124  # "412 won, 588 lost" beside it


def _axis(ticks: tuple[int, ...], title: str) -> charts.ChartAxis:
    """An axis labelled only at whole numbers, with room for the widest of them."""
    return charts.ChartAxis(
        labels=[
            charts.ChartAxisLabel(value=tick, label=ft.Text(str(tick), size=TEXT_MIN, no_wrap=True))
            for tick in ticks
        ],
        label_size=8 + 8 * len(str(max(ticks, default=0))),
        title=ft.Text(title, size=TEXT_MIN),
        title_size=20,
    )


def score_chart(plot: HistoryCharts) -> ft.Control:
    """Each won attempt's score at its attempt number, joined by a line; one win is a point."""
    if not plot.scores:
        return ft.Text(_("No win yet."))
    score_ticks, attempt_ticks = plot.score_ticks, plot.attempt_ticks
    return ft.Semantics(
        label=_("Scores: {scores}").format(
            scores=_(", ").join(
                _("attempt {attempt} scored {score}").format(attempt=attempt, score=score)
                for attempt, score in plot.scores[-20:]
            )
        ),
        content=charts.LineChart(
            data_series=[
                charts.LineChartData(
                    points=[
                        charts.LineChartDataPoint(
                            attempt,
                            score,
                            tooltip=charts.LineChartDataPointTooltip(
                                text=_("attempt {attempt}: {score}").format(
                                    attempt=attempt, score=score
                                ),
                                text_style=ft.TextStyle(size=14, color=palette.ON_DARK),
                            ),
                        )
                        for attempt, score in plot.scores
                    ],
                    color=palette.WIN,
                    stroke_width=3,
                    point=len(plot.scores) <= 50,  # dots while they can be told apart
                )
            ],
            height=180,
            min_y=0,
            max_y=score_ticks[-1],
            min_x=0,
            max_x=plot.attempts + 1,
            left_axis=_axis(score_ticks, _("score")),
            bottom_axis=_axis(attempt_ticks, _("attempt")),
            horizontal_grid_lines=charts.ChartGridLines(
                interval=score_ticks[1], color=palette.OUTLINE, width=1
            ),
            tooltip=charts.LineChartTooltip(
                bgcolor=palette.INK, max_width=200, fit_inside_horizontally=True
            ),
        ),
    )


def wins_and_losses(plot: HistoryCharts, width: int) -> ft.Control:
    """A bar a mission: green for its wins, red for its losses, its name and its numbers
    written beside it (a bar per row, so 22 missions never squeeze their names); the
    longest bar fills what `width` leaves."""
    if not plot.tallies:
        return ft.Text(_("No mission played yet."))
    scale = max(40, width - NAME_W - COUNT_W - 16) / plot.most_played
    rows: list[ft.Control] = []
    for tally in plot.tallies:
        wins = ngettext("{count} win", "{count} wins", tally.wins).format(count=tally.wins)
        losses = ngettext("{count} loss", "{count} losses", tally.losses).format(count=tally.losses)
        rows.append(
            ft.Semantics(
                label=_("{city}: {wins}, {losses}").format(
                    city=city(tally.name), wins=wins, losses=losses
                ),
                exclude_semantics=True,
                content=ft.Row(
                    [
                        ft.Text(
                            city(tally.name),
                            width=NAME_W,
                            no_wrap=True,
                            overflow=ft.TextOverflow.ELLIPSIS,
                        ),
                        ft.Row(
                            [
                                ft.Container(
                                    width=max(2, round(count * scale)),
                                    height=16,
                                    bgcolor=colour,
                                )
                                for count, colour in (
                                    (tally.wins, palette.WIN),
                                    (tally.losses, palette.DANGER),
                                )
                                if count
                            ],
                            spacing=0,
                        ),
                        ft.Text(
                            _("{wins} won, {losses} lost").format(
                                wins=tally.wins, losses=tally.losses
                            ),
                            width=COUNT_W,
                            no_wrap=True,
                        ),
                    ],
                    spacing=8,
                ),
            )
        )
    return ft.Column(rows, spacing=4)
