import json
import re
from collections.abc import Callable

import pytest

from gadget.engine import (
    Clue,
    Deal,
    GameLog,
    GameLogError,
    Guess,
    Penalty,
    Player,
    ReplayError,
    Setup,
    ShareCode,
    Stop,
    extended_log,
    gamelog,
    parse_game_log,
    replay,
    replay_with_before,
    summary,
)
from gadget.engine.sharecode import v1_text
from gadget.engine.words import WordsKey
from gadget.language import language
from tests.cards import TEST_CARD
from tests.games import WINNING_ACTIONS, log_of

A, B = Player.A, Player.B
EXAMPLE = GameLog(
    TEST_CARD,
    Setup(9, 9),
    (
        Clue(A, "salad", 3), Guess(B, 4), Guess(B, 12),
        Clue(B, "Waterloo", 2), Guess(A, 0), Guess(A, 12), Stop(A),
        Clue(A, "miniature"), Penalty(B, "clue was part of a visible word"),
    ),
)  # fmt: skip


def _log_text(**fields: object) -> str:
    data: dict[str, object] = {
        "format": "gadget-game/1",
        "key": {"a": TEST_CARD.a, "b": TEST_CARD.b},
        "actions": [],
    }
    data.update(fields)
    return json.dumps(data)


def test_a_written_log_reads_back_as_the_same_log() -> None:
    assert parse_game_log(EXAMPLE.to_json()) == EXAMPLE
    coded = GameLog.dealt(Deal(31337, 9, 5), looser_turn_order=True).then(Clue(B))
    assert parse_game_log(coded.to_json()) == coded


def test_the_replay_summary_has_every_field_of_the_contract() -> None:
    assert summary(replay(EXAMPLE)) == {
        "status": "playing",
        "reason": None,
        "phase": "guessing",
        "clue_giver": "a",
        "next_clue_giver": "b",
        "tokens_left": 6,
        "bystander_tokens_left": 6,
        "turns_played": 3,
        "agents_found": 3,
        "agents_left": {"a": 7, "b": 7},
        "stops": 1,
        "mistakes": 1,
        "sudden_death": False,
        "score": None,
    }


def test_an_old_log_may_give_its_code_instead_of_a_key_and_the_bank_comes_from_it() -> None:
    old = v1_text(Deal(31337, 9, 5))  # a version 1 code carried the seed: both sides
    log = parse_game_log(json.dumps({"format": "gadget-game/1", "code": old}))
    assert log.card == Deal(31337).key_card()
    assert (log.setup.tokens, log.setup.mistakes) == (9, 5)
    assert log.actions == ()
    assert log.code == Deal(31337, 9, 5).code  # written again as side B's code


def test_a_current_code_makes_side_b_only_so_a_log_needs_its_key() -> None:
    code = Deal(31337, 9, 5).code
    with pytest.raises(GameLogError, match=r"^a log needs a key \(or an old code"):
        parse_game_log(json.dumps({"format": "gadget-game/1", "code": code.text}))
    other = Deal(31338).key_card()
    keyed = {"format": "gadget-game/1", "code": code.text, "key": {"a": other.a, "b": other.b}}
    with pytest.raises(GameLogError, match=f"^key.b is not side B of code {code.text}$"):
        parse_game_log(json.dumps(keyed))
    mine = Deal(31337).key_card()
    keyed["key"] = {"a": mine.a, "b": mine.b}
    assert parse_game_log(json.dumps(keyed)).card == mine
    keyed["code"] = v1_text(Deal(31338, 9, 5))
    with pytest.raises(GameLogError, match=r"^key is not the card that code 1"):
        parse_game_log(json.dumps(keyed))


def test_a_code_with_tokens_but_no_mistakes_takes_the_codes_mistakes() -> None:
    code = ShareCode.parse(v1_text(Deal(31337, 9, 5)))
    card = Deal(31337).key_card()
    key = {"a": card.a, "b": card.b}
    log = parse_game_log(
        json.dumps({"format": "gadget-game/1", "code": code.text, "key": key, "tokens": 9})
    )
    assert (log.setup.tokens, log.setup.mistakes) == (9, 5)
    both = {"format": "gadget-game/1", "code": code.text, "key": key, "tokens": 9, "mistakes": 5}
    assert parse_game_log(json.dumps(both)).setup == log.setup


@pytest.mark.parametrize(("tokens", "mistakes"), [(10, None), (9, 9), (None, 4), (11, 5)])
def test_a_bank_that_disagrees_with_the_code_is_refused(
    tokens: int | None, mistakes: int | None
) -> None:
    code = Deal(31337, 9, 5).code
    card = Deal(31337).key_card()
    data: dict[str, object] = {
        "format": "gadget-game/1",
        "code": code.text,
        "key": {"a": card.a, "b": card.b},
    }
    data.update({k: v for k, v in (("tokens", tokens), ("mistakes", mistakes)) if v is not None})
    with pytest.raises(GameLogError, match=f"is not the code's: {code.text} deals 9-5"):
        parse_game_log(json.dumps(data))


def test_an_omitted_bank_is_nine_tokens_all_bystander_side_up() -> None:
    assert parse_game_log(_log_text()).setup == Setup(9, 9)
    assert parse_game_log(_log_text(tokens=11)).setup == Setup(11, 11)


def test_undo_is_the_log_without_its_last_action() -> None:
    assert replay(EXAMPLE.without_last()) == replay(
        GameLog(TEST_CARD, Setup(), EXAMPLE.actions[:-1])
    )


def test_a_phone_reads_the_state_before_the_last_action_and_after_it_in_one_pass() -> None:
    before, after = replay_with_before(EXAMPLE)
    assert (before, after) == (replay(EXAMPLE.without_last()), replay(EXAMPLE))
    assert replay_with_before(GameLog(TEST_CARD, Setup(), ())) == (None, replay(log_of(())))


def test_a_refused_action_is_named_by_its_index() -> None:
    log = GameLog(TEST_CARD, Setup(), (Clue(A), Guess(B, 12), Clue(B), Guess(A, 0), Stop(A),
                                       Clue(A), Guess(B, 12)))  # fmt: skip
    with pytest.raises(
        ReplayError, match=r"^action 6: player b already hit cell 12 as a bystander$"
    ):
        replay(log)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{", "not valid JSON at line 1 column 2"),
        ("[" * 100_000, "its brackets nest too deeply"),
        ("[]", "a game log must be a JSON object"),
        (_log_text(format="gadget-game/3"), "format is “gadget-game/3”"),
        (_log_text(format="gadget-game/0"), "format is “gadget-game/0”"),
        (_log_text(format=5), "format is 5; this app reads"),
        (_log_text(format="gadget-game/2"), "words must be a JSON object"),
        (
            _log_text(format="gadget-game/2", code="543QT-T54SZ-0005S"),  # custom words: no list
            "words must be a JSON object",
        ),
        (_log_text(turns=9), "a game log has an unknown field “turns”"),
        (_log_text(zeta=1, turns=9), "a game log has an unknown field “turns”"),
        (_log_text(key=None), "a log needs a key (or an old code, which carried its seed)"),
        (_log_text(key={"a": TEST_CARD.a}), "key must be"),
        (_log_text(key={"a": TEST_CARD.a, "b": TEST_CARD.b, "c": ""}), "key must be"),
        (_log_text(key={"a": 5, "b": TEST_CARD.b}), "key.a and key.b must be strings"),
        (_log_text(key={"a": TEST_CARD.a, "b": None}), "key.a and key.b must be strings"),
        (_log_text(key={"a": TEST_CARD.a, "b": TEST_CARD.b[:-1] + "Q"}), "key: side b cell 24"),
        (_log_text(key={"a": TEST_CARD.b, "b": TEST_CARD.b}), "key: pair counts are off"),
        (_log_text(code="1000-0000-04SM"), "code: “1000-0000-04SM” is not a valid code"),
        (_log_text(code="1000-0000-04SK"), "key is not the card that code 1000-0000-04SK makes"),
        (_log_text(tokens=0), "tokens 0 is outside 1..15"),
        (_log_text(tokens="9"), "tokens must be a whole number"),
        (_log_text(mistakes=10), "mistakes 10 is outside 0..9"),
        (_log_text(options={"looser": True}), "options has an unknown field “looser”"),
        (_log_text(options={"looser_turn_order": 1}), "must be true or false"),
        (_log_text(actions={}), "actions must be a list"),
        (
            _log_text(actions=[{"clue": {"by": "a"}}, {"hint": {}}]),
            "action 1: unknown action “hint”",
        ),
        (_log_text(actions=[{"guess": {"by": "b", "cell": 25}}]), "action 0: guess.cell is 25"),
        (_log_text(actions=[{"guess": {"by": "b", "cell": -1}}]), "guess.cell is -1; it must be"),
        (_log_text(actions=[{"guess": {"by": "b", "cell": "3"}}]), "guess.cell is “3”; it must"),
        (_log_text(actions=[{"guess": {"by": "b", "cell": True}}]), "guess.cell is true; it must"),
        (_log_text(actions=[{"guess": {"by": "c", "cell": 2}}]), "action 0: guess.by is “c”"),
        (_log_text(actions=[{"guess": {"by": "a"}}]), "action 0: guess needs “cell”"),
        (_log_text(actions=[{"guess": {}}]), "action 0: guess needs “by”"),
        (_log_text(actions=[{}]), "action 0: an action is an object with one of"),
        (
            _log_text(actions=[{"stop": {"by": "a", "x": 1}}]),
            "action 0: stop has an unknown field “x”",
        ),
        (_log_text(actions=[{"clue": {"by": "a", "number": 10}}]), "clue.number is 10"),
        (_log_text(actions=[{"clue": {"by": "a", "number": -1}}]), "clue.number is -1"),
        (_log_text(actions=[{"stop": {}, "clue": {}}]), "action 0: an action is an object with"),
    ],
)
def test_a_malformed_log_is_refused_naming_the_field(text: str, reason: str) -> None:
    with pytest.raises(GameLogError, match=re.escape(reason)):
        parse_game_log(text)


def test_a_log_whose_code_makes_another_card_is_refused_whichever_sorts_first() -> None:
    for seed in (0, 8):  # codes of other cards, sorting before the log's card and after
        code = Deal(seed).code.text
        with pytest.raises(GameLogError, match=f"key.b is not side B of code {code}"):
            parse_game_log(_log_text(code=code))


def test_the_highest_cell_and_clue_number_are_read_from_a_log() -> None:
    log = parse_game_log(
        _log_text(actions=[{"clue": {"by": "a", "number": 9}}, {"guess": {"by": "b", "cell": 24}}])
    )
    assert log.actions == (Clue(A, "", 9), Guess(B, 24))


def test_a_game_dealt_from_a_code_keeps_the_strict_turn_order_unless_asked() -> None:
    deal = Deal(31676, 11, 4)
    assert GameLog.dealt(deal).setup == Setup(11, 4, looser_turn_order=False)
    assert GameLog.dealt(deal, looser_turn_order=True).setup.looser_turn_order


def test_a_log_file_is_indented_one_space_and_keeps_accents_as_they_are() -> None:
    text = GameLog(TEST_CARD, Setup(), (Clue(A, "café"),)).to_json()
    assert text.startswith('{\n "format": "gadget-game/1",\n "key": {\n  "a": ')
    assert '"word": "café"' in text
    assert text.endswith("}\n")


NUMBERS = (None, 0, 1, 2, 8, 9)
NASTY_WORDS = ('say "when"', "back\\slash", "line\nbreak", "tab\tand\u2028sep", "été", "\U0001f600")


@pytest.mark.parametrize("dealt", [False, True])
def test_a_log_is_written_as_json_writes_it_indented_one_space(dealt: bool) -> None:
    """The text is built from a head written once a game and each action's own text: it is
    the very text `json.dumps` writes, whatever the words (an app reading it, and the fast
    reading of added actions, rely on that)."""
    base = GameLog.dealt(Deal(2024, 9, 9, WordsKey(0, 77))) if dealt else EXAMPLE
    actions = (
        *EXAMPLE.actions,
        *(
            Clue(B, word, number)
            for word, number in zip(NASTY_WORDS, (None, 0, 1, 2, 8, 9), strict=True)
        ),
        *(Penalty(A, word) for word in NASTY_WORDS),
    )
    for count in range(len(actions) + 1):
        log = GameLog(base.card, base.setup, actions[:count], base.code, base.words)
        assert log.to_json() == json.dumps(log.to_dict(), indent=1, ensure_ascii=False) + "\n"


def test_a_games_head_is_written_once_for_all_its_versions(monkeypatch: pytest.MonkeyPatch) -> None:
    """What comes before the actions is the same at every move: json's indenting writer,
    0.3 ms a move, writes it once (a move's save wrote it all again)."""
    indented: list[object] = []
    real = json.dumps

    def dumps(value: object, **options: object) -> str:
        if options.get("indent") is not None:
            indented.append(value)
        return real(value, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(json, "dumps", dumps)
    gamelog._head.cache_clear()  # (another test may have written this head already)
    log = GameLog(TEST_CARD, Setup(8, 7), ())
    for action in EXAMPLE.actions:
        log = log.then(action)
        log.to_json()
    assert len(indented) == 1, indented


def test_a_logs_refusals_quote_field_names_as_the_reader_reads_them() -> None:
    """Never as Python writes a list: "it may have ['looser_turn_order']", "players are 'a'
    and 'b'" (an outsider's finding)."""
    unknown_option = log_of(WINNING_ACTIONS).to_dict()
    unknown_option["options"]["cheat"] = True
    with pytest.raises(GameLogError) as refused:
        parse_game_log(json.dumps(unknown_option))
    assert str(refused.value) == (
        "options has an unknown field “cheat”; it may have “looser_turn_order”"
    )
    by_c = log_of(WINNING_ACTIONS).to_dict()
    by_c["actions"][1] = {"guess": {"by": "c", "cell": 3}}
    with pytest.raises(GameLogError) as refused:
        parse_game_log(json.dumps(by_c))
    assert str(refused.value) == "action 1: guess.by is “c”; players are “a” and “b”"
    assert "'" not in language("fr").say(refused.value)


def _earlier_and_later() -> tuple[GameLog, str, str]:
    earlier = GameLog(TEST_CARD, Setup(9, 9), EXAMPLE.actions[:3])
    return (
        earlier,
        earlier.to_json(),
        GameLog(TEST_CARD, Setup(9, 9), EXAMPLE.actions[:5]).to_json(),
    )


def test_a_log_with_actions_added_is_read_from_its_actions() -> None:
    earlier, earlier_text, text = _earlier_and_later()
    assert extended_log(earlier, earlier_text, text) == parse_game_log(text)
    empty = GameLog(TEST_CARD, Setup(9, 9))
    assert extended_log(empty, empty.to_json(), text) == parse_game_log(text)
    assert extended_log(earlier, earlier_text, earlier_text) == earlier


@pytest.mark.parametrize(
    "changed",
    [
        lambda t: t.replace('"tokens": 9', '"tokens": 8'),  # the bank is not the earlier's
        lambda t: t.replace('"by": "b",\n    "cell": 4', '"by": "a",\n    "cell": 4'),  # rewritten
        lambda t: t.rstrip().removesuffix("}") + ', "extra": 1}',  # a name after the actions
        lambda t: t[: t.rfind('"actions"')] + '"actions": []}',  # fewer actions
        lambda t: t[:-5],  # no JSON
        lambda t: t.replace('"cell": 0', '"cell": 99'),  # an action no log holds
        lambda t: t.replace('"actions"', '"actions": [], "x"', 1),  # a second head
    ],
)
def test_anything_else_is_left_to_the_whole_reading(changed: Callable[[str], str]) -> None:
    earlier, earlier_text, text = _earlier_and_later()
    assert changed(text) != text
    assert extended_log(earlier, earlier_text, changed(text)) is None


def test_a_clue_named_actions_is_a_word_not_where_the_actions_begin() -> None:
    """An outsider gave the clue "actions", then cut the saved text at that word and wrote
    actions after it: text that is no JSON, which both watching phones showed as a move (the
    last "actions" of the text was taken for the name of the list)."""
    earlier = GameLog(TEST_CARD, Setup(9, 9), (Clue(B, "actions", 2), Guess(A, 6)))
    earlier_text = earlier.to_json()
    later = earlier.then(Guess(A, 0))
    assert extended_log(earlier, earlier_text, later.to_json()) == later
    cut = earlier_text[: earlier_text.rfind('"actions"')]
    forged = cut + (
        '"actions": [{"clue": {"by": "b", "word": "\\u0061ctions", "number": 2}},'
        ' {"guess": {"by": "a", "cell": 6}}, {"guess": {"by": "a", "cell": 0}}]\n}\n'
    )
    with pytest.raises(GameLogError):
        parse_game_log(forged)
    assert extended_log(earlier, earlier_text, forged) is None


@pytest.mark.parametrize(
    ("was", "now"), [('"cell": 4', '"cell": 4.0'), ('"number": 1', '"number": true')]
)
def test_an_earlier_action_written_otherwise_is_left_to_the_whole_reading(
    was: str, now: str
) -> None:
    """2.0 for 2, or true for 1, is equal in Python, not as a log's text: a reading refuses
    them, and an outsider's edit of an earlier action went through beside a new one."""
    earlier = GameLog(TEST_CARD, Setup(9, 9), (Clue(A, "tree", 1), Guess(B, 4)))
    text = earlier.then(Guess(B, 12)).to_json()
    assert was in text
    with pytest.raises(GameLogError):
        parse_game_log(text.replace(was, now, 1))
    assert extended_log(earlier, earlier.to_json(), text.replace(was, now, 1)) is None


def test_a_kept_text_with_a_name_after_its_actions_is_not_extended() -> None:
    """An outsider moved `options` after the actions by hand (a text a reading takes), then
    wrote the same head and one more action without it: the watching process kept the old
    option and showed a clue the whole reading refuses, and the next move saved it."""
    data = json.loads(GameLog(TEST_CARD, Setup(9, 9), (Clue(A, "tree", 1),)).to_json())
    data.pop("options")
    data["actions"] = data.pop("actions")
    data["options"] = {"looser_turn_order": True}  # last, after the actions
    earlier_text = json.dumps(data, indent=1) + "\n"
    earlier = parse_game_log(earlier_text)
    head = earlier_text[: earlier_text.find('\n "actions": ')]
    actions = [*data["actions"], {"guess": {"by": "b", "cell": 0}}]
    text = head + '\n "actions": ' + json.dumps(actions, indent=1) + "\n}\n"
    assert parse_game_log(text).setup.looser_turn_order is False  # the option is gone
    assert extended_log(earlier, earlier_text, text) is None
