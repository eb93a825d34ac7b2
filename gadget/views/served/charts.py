"""The history's two charts, readable with one attempt and with a thousand: whole-number
axes, a point for every score, a mark for every loss, and each mission's wins and losses
named on its bar."""

from __future__ import annotations

import flet as ft
import flet_charts as charts

from gadget.services import palette
from gadget.services.history import HistoryCharts
from gadget.views.parts.language import _, city, ngettext
from gadget.views.parts.layout import TEXT_MIN

NAME_W = 110  # a mission's name beside its bar: cut with "…", never wrapped
COUNT_W = 124  # "412 won, 588 lost" beside it


def _axis(ticks: tuple[int, ...], title: str) -> charts.ChartAxis:
    """An axis labelled only at whole numbers, each tick a label (the step is given: left to
    itself the chart picks its own and drops some), with room for the widest of them."""
    return charts.ChartAxis(
        labels=[
            charts.ChartAxisLabel(value=tick, label=ft.Text(str(tick), size=TEXT_MIN, no_wrap=True))
            for tick in ticks
        ],
        label_spacing=ticks[1] - ticks[0] if len(ticks) > 1 else 1,
        label_size=8 + 8 * len(str(max(ticks, default=0))),
        title=ft.Text(title, size=TEXT_MIN),
        title_size=20,
    )


def _point(x: int, y: int, words: str) -> charts.LineChartDataPoint:
    """One attempt on the chart, its tooltip saying what it was."""
    return charts.LineChartDataPoint(
        x,
        y,
        tooltip=charts.LineChartDataPointTooltip(
            text=words, text_style=ft.TextStyle(size=14, color=palette.ON_DARK)
        ),
    )


def _with_the_app(plot: HistoryCharts, attempt: int) -> str:
    """What a point's words add for an attempt played with the app."""
    return _(", with the app") if attempt in plot.with_the_app else ""


def score_chart(plot: HistoryCharts) -> ft.Control:
    """Each won attempt's score at its attempt number, a line joining only consecutive wins
    (a loss breaks it: it has no score) and each loss a red cross on the attempt axis; a
    grid line at every labelled score, 0 and the top included."""
    if not plot.scores:
        return ft.Text(_("No win yet."))
    score_ticks, attempt_ticks = plot.score_ticks, plot.attempt_ticks
    scored = dict(plot.scores)
    told = [
        _("attempt {attempt} scored {score}").format(attempt=attempt, score=scored[attempt])
        + _with_the_app(plot, attempt)
        if attempt in scored
        else _("attempt {attempt} lost").format(attempt=attempt) + _with_the_app(plot, attempt)
        for attempt in sorted({*scored, *plot.losses})
    ]
    dots = len(plot.scores) <= 50  # dots while they can be told apart
    lines = [
        charts.LineChartData(
            points=[
                _point(
                    attempt,
                    score,
                    _("attempt {attempt}: {score}").format(attempt=attempt, score=score)
                    + _with_the_app(plot, attempt),
                )
                for attempt, score in run
            ],
            color=palette.WIN,
            stroke_width=3,
            point=dots or len(run) == 1,  # a lone win is a dot, never an invisible line
        )
        for run in plot.segments
    ]
    if plot.losses:
        lines.append(
            charts.LineChartData(
                points=[
                    _point(
                        attempt,
                        0,
                        _("attempt {attempt}: lost").format(attempt=attempt)
                        + _with_the_app(plot, attempt),
                    )
                    for attempt in plot.losses
                ],
                color=ft.Colors.TRANSPARENT,  # marks, never a line between them
                stroke_width=0,
                point=charts.ChartCrossPoint(color=palette.DANGER, size=9, width=2),
            )
        )
    # The grid stops short of the chart's edges: its frame draws the lines at 0 and the top.
    frame = ft.BorderSide(1, palette.OUTLINE)
    return ft.Semantics(
        label=_("Scores: {scores}").format(scores=_(", ").join(told[-20:])),
        content=charts.LineChart(
            data_series=lines,
            height=180,
            min_y=0,
            max_y=score_ticks[-1],
            min_x=0,
            max_x=plot.attempts + 1,
            left_axis=_axis(score_ticks, _("score")),
            bottom_axis=_axis(attempt_ticks, _("attempt")),
            horizontal_grid_lines=charts.ChartGridLines(
                interval=score_ticks[1] - score_ticks[0], color=palette.OUTLINE, width=1
            ),
            border=ft.Border(top=frame, bottom=frame),
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
