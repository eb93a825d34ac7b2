"""Every screen and every move of a game from the tap to the screen that shows it, in headless
Chromium at a phone's size, with the machine idle and then with both cores kept busy.

Target (issues 10 and 23): every step within 0.5 s of the tap, idle and busy. Each step is a
tap on what a player taps, then a wait for a text only the new screen shows (in Flutter's
semantics tree, written with the frame that draws it): the screens of the team the README's
pictures show, and a mission game between two phones, where a step is done when both
phones show it. "Busy" is a fixed load the benchmark starts and stops (bench/busy.py: one
spinning process a core). The floor is the same tap on a Flet app whose button changes one
text (bench/tap_app.py), timed in the same rounds: a step's ratio to it is what the app adds,
whatever else the machine is doing. `--quick`: one round of each, idle only
(tests/test_bench_screens.py runs it in `make test`, beside its other tests: the busy rounds
are `make bench`'s). Results: docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Locator, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from screenshots import prepare  # noqa: E402

from bench.bench_app import start  # noqa: E402
from bench.busy import busy_cores  # noqa: E402
from gadget.engine import ShareCode  # noqa: E402
from tests.browsers import CHROMIUM, _card, _phone, _see, _type, taking_taps  # noqa: E402
from tests.processes import _start_server  # noqa: E402

RUNS = 5
TARGET = 0.5
PHONE = (390, 844)
FLOOR = "floor: a bare Flet app's tap"

# (what the step is, the button tapped, a text only the new screen shows)
STEPS: list[tuple[str, str | re.Pattern[str], str]] = [
    ("Home -> Teams", "Teams", "Add team"),
    ("Teams -> a team's map", re.compile(r"^Owls"), "Open now"),
    ("map -> a city's card", "Berlin 11-2, open", "Start this mission"),
    ("city's card -> map", "Back to the map", "Open now"),
    ("map -> history", "History and charts", "attempts shown"),
    ("history -> map", "Back to the map", "Open now"),
    ("map -> Teams", "Teams", "Add team"),
    ("Teams -> Home", "Home", "Join your partner"),
    ("Home -> Paper", "Paper", "Booklets (PDF)"),
    ("Paper -> Home", "Home", "Join your partner"),
    ("Home -> Settings", "Settings", "Warnings at 30 and 10 seconds"),
    ("Settings -> Home", "Home", "Join your partner"),
    ("Home -> games outside a team", "Games outside a team", "Your games outside a team"),
    ("games outside a team -> Home", "Home", "Join your partner"),
    ("Home -> a new game", "New game", "Your partner scans this"),
]
GAME_STEPS = [
    "city's card -> its game (A)",
    "give clue -> both phones",
    "touch -> the partner's phone",
    "touch -> both phones",
    "assassin -> Lost on both phones",
    "undo after the end -> both phones",
    "end -> the team's map",
]
LOST = re.compile(r"^Lost")
Timings = dict[str, list[float]]


def button(page: Page, name: str | re.Pattern[str]) -> Locator:
    return page.get_by_role("button", name=name, exact=isinstance(name, str)).first


def timed(tap: Locator, *shown: Locator) -> list[float]:
    """Seconds from the tap to each locator being on its page, in the order given."""
    tap.wait_for(timeout=20_000)
    started = time.perf_counter()
    tap.click()
    seconds = []
    for locator in shown:
        locator.first.wait_for(state="attached", timeout=30_000)
        seconds.append(time.perf_counter() - started)
    return seconds


def screens_round(phone: Page, timings: Timings) -> None:
    """Every screen of the team's pictures once, from Home back to Home."""
    for step, name, marker in STEPS:
        timings[step] += timed(button(phone, name), phone.get_by_text(marker))
    phone.go_back()  # from the new game back Home, for the next round
    _see(phone, "Join your partner")


def game_round(browser: Browser, url: str, phone_a: Page, timings: Timings) -> None:
    """A mission game from the city's card: a clue, a touch, the assassin, undo, the assassin
    again, and back to the map; phone B joins by the link and closes at the end."""
    for name, marker in (("Teams", "Add team"), (re.compile(r"^Owls"), "Open now")):
        timed(button(phone_a, name), phone_a.get_by_text(marker))
    timed(button(phone_a, "Berlin 11-2, open"), phone_a.get_by_text("Start this mission"))
    code_shown = phone_a.get_by_text(re.compile(r"^[0-9A-Z]{5}-[0-9A-Z]{5}$"))
    timings[GAME_STEPS[0]] += timed(button(phone_a, "Start this mission"), code_shown)
    card = _card(phone_a, ShareCode.parse(code_shown.first.inner_text()))
    phone_b = _phone(browser, f"{url}/join/{code_shown.first.inner_text()}", PHONE)
    _see(phone_b, "Either player gives the next clue.")
    _type(phone_a, phone_a.get_by_role("textbox", name="Clue"), "go")
    clue = (
        phone_b.get_by_text("A gave the clue: go. You guess."),
        phone_a.get_by_text("You gave the clue: go. B guesses."),
    )
    timings[GAME_STEPS[1]].append(max(timed(button(phone_a, "Give clue"), *clue)))
    agent, assassin = card.a.index("G"), card.a.index("X")
    found = (found_on(phone_b, 24 - agent), found_on(phone_a, agent))  # B sees it turned
    to_b, to_both = timed(cell(phone_a, agent), *found)
    timings[GAME_STEPS[2]].append(to_b)
    timings[GAME_STEPS[3]].append(to_both)
    lost = [phone_a.get_by_text(LOST), phone_b.get_by_text(LOST)]
    timings[GAME_STEPS[4]].append(max(timed(cell(phone_a, assassin), *lost)))
    button(phone_a, "Undo").click()
    back = [p.get_by_text(re.compile("^time bank: ")) for p in (phone_a, phone_b)]
    take_back = taking_taps(button(phone_a, "Take it back"))  # once the question takes taps
    timings[GAME_STEPS[5]].append(max(timed(take_back, *back)))
    timings[GAME_STEPS[4]].append(max(timed(cell(phone_a, assassin), *lost)))
    the_map = phone_a.get_by_text("Open now")
    timings[GAME_STEPS[6]] += timed(button(phone_a, "Back to the map"), the_map)
    phone_b.context.close()
    for name, marker in (("Teams", "Add team"), ("Home", "Join your partner")):
        timed(button(phone_a, name), phone_a.get_by_text(marker))


def cell(phone_a: Page, index: int) -> Locator:
    """Phone A's button for a cell of the card (A sees the card as it is)."""
    row, column = divmod(index, 5)
    return phone_a.get_by_role("button", name=re.compile(rf"^row {row + 1} column {column + 1}: "))


def found_on(phone: Page, position: int) -> Locator:
    """The cell at this place of the phone's card, once its agent is found."""
    row, column = divmod(position, 5)
    return phone.get_by_text(re.compile(rf"^row {row + 1} column {column + 1}: [^,]+, agent found"))


def floor_round(page: Page, timings: Timings, taps: int = 3) -> None:
    """The floor: the bare app's button, tapped `taps` times."""
    for _ in range(taps):
        shown = page.get_by_text(re.compile(r"^Tapped \d+ times$")).first.inner_text()
        then = page.get_by_text(f"Tapped {int(shown.split()[1]) + 1} times")
        timings[FLOOR] += timed(button(page, "Tap"), then)


def measure(runs: int, load: str, trees: dict[str, Path | None]) -> dict[str, Timings]:
    """Every step `runs` times under the load named, on a new browser and one server a tree
    (None: this one), the trees' rounds alternating so that each meets the same machine."""
    steps = [step for step, _, _ in STEPS] + GAME_STEPS + [FLOOR]
    timings = {label: {step: [] for step in steps} for label in trees}
    floor_timings: Timings = {FLOOR: []}
    with ExitStack() as stack:
        servers = {label: stack.enter_context(server_of(tree)) for label, tree in trees.items()}
        floor_process, floor_url = start([sys.executable, str(ROOT / "bench" / "tap_app.py")], {})
        stack.callback(_stop, floor_process)
        playwright = stack.enter_context(sync_playwright())
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        stack.callback(browser.close)
        phones = {label: team_phone(browser, *served) for label, served in servers.items()}
        floor = _phone(browser, floor_url, PHONE)
        _see(floor, "Tapped 0 times")
        if load == "busy":
            stack.enter_context(busy_cores(os.cpu_count() or 2))
        for round_number in range(runs):
            floor_round(floor, floor_timings)
            labels = list(trees) if round_number % 2 == 0 else list(reversed(trees))
            for label in labels:
                screens_round(phones[label], timings[label])
                game_round(browser, servers[label][0], phones[label], timings[label])
    for label in trees:
        timings[label][FLOOR] = floor_timings[FLOOR]
    return timings


@contextmanager
def server_of(tree: Path | None) -> Iterator[tuple[str, str]]:
    """`gadget serve` of a tree (this one when None) on the team of the README's pictures:
    its address and the team's invite."""
    database = Path(tempfile.mkdtemp()) / "bench.db"
    _, invite = prepare(database)
    before = os.environ.get("PYTHONPATH")
    if tree is not None:
        os.environ["PYTHONPATH"] = str(tree)
    try:
        process, url = _start_server(database)
    finally:
        if tree is not None:
            os.environ.pop("PYTHONPATH")
            if before is not None:
                os.environ["PYTHONPATH"] = before
    try:
        yield url, invite
    finally:
        _stop(process)


def team_phone(browser: Browser, url: str, invite: str) -> Page:
    """A phone that joined the team by its invite, every screen of the rounds opened once."""
    phone = _phone(browser, f"{url}/invite/{invite}", PHONE)
    _see(phone, "This phone is now in Owls.")
    for name, marker in (("Open the team", "Open now"), ("Teams", "Add team"),
                         ("Home", "Join your partner")):  # fmt: skip
        timed(button(phone, name), phone.get_by_text(marker))
    return phone


def _stop(process: object) -> None:
    process.terminate()  # type: ignore[attr-defined]
    process.wait(timeout=10)  # type: ignore[attr-defined]


def report(results: dict[str, Timings]) -> Iterator[str]:
    """One line a step: median and worst under each load (and tree), and the median over the
    floor's."""
    loads = list(results)
    head = "".join(f"  {load + ' median':>12} {'worst':>6} {'x floor':>7}" for load in loads)
    yield f"{'step':36}{head}"
    for step in results[loads[0]]:
        line = f"{step:36}"
        for load in loads:
            seconds, floor = results[load][step], statistics.median(results[load][FLOOR])
            median = statistics.median(seconds)
            line += f"  {median:12.3f} {max(seconds):6.3f} {median / floor:7.1f}"
        yield line
    for load in loads:
        worst = max(max(s) for step, s in results[load].items() if step != FLOOR)
        verdict = "met" if worst <= TARGET else "NOT met"
        yield f"{load}: worst {worst:.3f} s: target {TARGET} s {verdict}"


def main(argv: list[str] | None = None, say: Callable[[str], None] = print) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one round of each, idle only")
    parser.add_argument("--runs", type=int, default=RUNS)
    parser.add_argument("--loads", help="idle, busy or both (idle,busy; --quick: idle)")
    parser.add_argument(
        "--against",
        type=Path,
        help="a copy of the project (before a change, say): its server timed in the same run",
    )
    arguments = parser.parse_args(argv)
    runs = 1 if arguments.quick else arguments.runs
    loads = arguments.loads or ("idle" if arguments.quick else "idle,busy")
    trees: dict[str, Path | None] = {"": None}
    if arguments.against:
        trees["against"] = arguments.against.resolve()
    results = {
        f"{load} {label}".strip(): timings
        for load in loads.split(",")
        for label, timings in measure(runs, load, trees).items()
    }
    say(f"{runs} rounds, {PHONE[0]}x{PHONE[1]}, seconds; load average {os.getloadavg()[0]:.1f}")
    for line in report(results):
        say(line)


if __name__ == "__main__":
    main()
