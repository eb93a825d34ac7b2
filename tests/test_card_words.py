"""The 25 words of a table: dealt forever the same from a code, custom lists checked in one line,
and the game log and its story carrying them."""

from __future__ import annotations

import json

import pytest

from gadget.engine import (
    Clue,
    Deal,
    GameLog,
    Guess,
    Penalty,
    Player,
    Setup,
    ShareCode,
    Stop,
    replay,
)
from gadget.engine.errors import GameLogError, Message, ShareCodeError, WordListError
from gadget.engine.gamelog import parse_game_log
from gadget.engine.rules import recorder
from gadget.engine.sharecode import WORDS_LENGTH
from gadget.engine.story import story
from gadget.engine.view import view_for
from gadget.engine.words import (
    CUSTOM_LIST,
    SHIPPED,
    CardWords,
    WordsKey,
    check_listed,
    custom_words,
    deal_words,
    dealt_words,
    newest_list,
    read_word_list,
    shipped_words,
)
from tests.cards import TEST_CARD
from tests.test_cli import run

# Golden vectors: a code names a list and a seed, and must make these words on every device,
# in every version, for ever. A change here breaks every code ever shared.
GOLDEN = {
    (0, 0): (
        "toy desert ice fair flag drum crystal ray wave roof alien angel pirate post tail"
        " compass dove spot bucket park piano pearl guitar beard shell"
    ),
    (0, 1): (
        "root wave tap patch circle fort bank tin torch deck bee press pupil chain pumpkin"
        " nose whale helmet tag gas guitar bear palm kite copper"
    ),
    (1, 0): (
        "robot lune huile rose guide poche lutin chapeau tunnel licorne pyramide frein banc"
        " coffre lit radar tapis toit avion diamant pont éponge genou poêle source"
    ),
    (1, 2**20 - 1): (
        "trésor corps chemin grotte puce piège écharpe banc front crème dessert point baleine"
        " tambour graine armoire taxi journal bec train miroir toit pomme source bouteille"
    ),
}


@pytest.mark.parametrize(("key", "words"), GOLDEN.items())
def test_a_list_and_a_seed_make_the_same_words_for_ever(key: tuple[int, int], words: str) -> None:
    assert shipped_words(WordsKey(*key)).words == tuple(words.split())


def test_a_deal_is_25_different_words_of_the_list_and_seeds_differ() -> None:
    source = SHIPPED[0].words
    seen = set()
    for seed in range(200):
        words = deal_words(source, seed)
        assert len(set(words)) == 25 and set(words) <= set(source)
        seen.add(words)
    assert len(seen) == 200


def test_every_word_of_a_list_can_be_dealt() -> None:
    dealt = {word for seed in range(400) for word in deal_words(SHIPPED[1].words, seed)}
    assert len(dealt) > 0.95 * len(SHIPPED[1].words)


def test_the_newest_list_of_a_language_and_english_for_any_other() -> None:
    assert newest_list("fr").key == "fr-1"
    assert newest_list("en").key == "en-1"
    assert newest_list("de").key == "en-1"
    assert newest_list("it").key == "en-1"  # after "fr" in the alphabet: English all the same


def test_a_code_with_words_carries_its_list_and_seed_and_reads_back() -> None:
    deal = Deal(2024, words=WordsKey(0, 77))
    assert deal.code.text == "543QT-T54S0-002DY"
    assert len(deal.code.text.replace("-", "")) == WORDS_LENGTH
    read = ShareCode.parse("543qt t54s0 002dy")
    assert read == deal.code and read.words == WordsKey(0, 77)
    # The same card without words keeps its short code, unchanged.
    assert Deal(2024).code.text == "243QT-T54SK"
    assert ShareCode.parse("243QT-T54SK").words is None


def test_a_typo_in_a_code_with_words_is_refused() -> None:
    text = "543QT-T54S0-002DY"
    for place, char in enumerate(text):
        if char == "-":
            continue
        other = "0" if char != "0" else "1"
        with pytest.raises(ShareCodeError):
            ShareCode.parse(text[:place] + other + text[place + 1 :])


def test_a_code_naming_an_unknown_list_asks_for_an_update() -> None:
    with pytest.raises(WordListError, match="word list 7 comes from a newer Gadget"):
        WordsKey(7, 0)


def test_a_custom_list_travels_beside_its_code() -> None:
    deal = Deal(5, words=WordsKey(CUSTOM_LIST, 5))
    assert ShareCode.parse(deal.code.text).words == WordsKey(CUSTOM_LIST, 5)
    with pytest.raises(WordListError, match="came with its link"):
        shipped_words(WordsKey(CUSTOM_LIST, 5))


LIST_OF_30 = "\n".join(f"word{number}" for number in range(30))


@pytest.mark.parametrize(
    ("text", "count"),
    [
        (LIST_OF_30, 30),
        (LIST_OF_30.replace("\n", ", "), 30),
        (LIST_OF_30.replace("\n", ",") + ",", 30),  # a spreadsheet's trailing comma
        ("\n\n" + LIST_OF_30 + "\n\n", 30),  # blank lines around it
        ("  Éclair , " + LIST_OF_30, 31),
        # The outsider's files: Excel's "CSV UTF-8" and Notepad write a mark first, a French
        # spreadsheet separates with semicolons, a copied row with tabs, and a CSV quotes.
        ("\ufeff" + LIST_OF_30, 30),
        (LIST_OF_30.replace("\n", ";"), 30),
        (LIST_OF_30.replace("\n", "\t"), 30),
        ('"ice cream","rock ""n"" roll",' + LIST_OF_30.replace("\n", ","), 32),
        (LIST_OF_30 + "\nΩμέγα\nёлка\nrock & roll\naujourd'hui", 34),  # noqa: RUF001 (drawn alphabets)
    ],
)
def test_a_custom_list_is_read_one_a_line_or_separated_by_commas(text: str, count: int) -> None:
    assert len(read_word_list(text)) == count


def test_a_quoted_field_is_its_words_and_a_marked_file_its_first_word() -> None:
    words = read_word_list('\ufeff"ice cream";"rock ""n"" roll"\n' + LIST_OF_30)
    assert words[:2] == ("ice cream", 'rock "n" roll')
    assert read_word_list('"\n' + LIST_OF_30)[0] == '"'  # one mark alone is a word, not quotes
    assert read_word_list("!wow!\n" + LIST_OF_30)[0] == "!wow!"  # only double quotes quote
    marked = ('"wow', 'wow"', '!wow"', '#wow"')  # a mark at one end only: a word as it is
    assert read_word_list("\n".join(marked) + "\n" + LIST_OF_30)[:4] == marked
    with pytest.raises(WordListError, match="word 2 of the list is empty"):
        read_word_list('alpha,"",beta\n' + LIST_OF_30)  # a quoted field of nothing
    assert read_word_list(",alpha,beta\n" + LIST_OF_30)[:2] == ("alpha", "beta")  # a comma first


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        ("a, b", "the list has 2 words; a list has 25 to 2000"),
        ("\n".join(f"w{n}" for n in range(2001)), "the list has 2001 words"),
        ("alpha,,beta\n" + LIST_OF_30, "word 2 of the list is empty"),
        (LIST_OF_30 + "\nword7", "“word7” is in the list twice"),
        (LIST_OF_30 + "\nÉcole\necole", "“ecole” is in the list twice (as “École”)"),
        # A spreadsheet's field quoted for its comma gave two words with a quote each.
        ('"a,b"\n' + LIST_OF_30, '"a,b" is in quotes with a comma, a semicolon or a tab inside'),
        ('alpha; "rock; roll" ;beta\n' + LIST_OF_30, '"rock; roll" is in quotes with a comma'),
        # Two words a card shows almost alike, that players call the same (an outsider's).
        (
            LIST_OF_30 + "\nice cream\nice  cream",
            "“ice  cream” is in the list twice (as “ice cream”)",
        ),
        (LIST_OF_30 + "\n" + "x" * 41, "has 41 characters; a word has at most 40"),
        (LIST_OF_30 + "\nbad\u200bword", "does not print (U+200B)"),
        (LIST_OF_30 + "\nbad\u200b\u200eword", "does not print (U+200B)"),  # the first named
        (LIST_OF_30 + "\nbell\x07", "does not print (U+0007)"),
        # Words the phones' one font cannot draw showed as empty boxes on the card.
        (LIST_OF_30 + "\n\U0001f431", "holds U+1F431, which phones cannot draw"),
        (LIST_OF_30 + "\n\u3164", "holds U+3164, which phones cannot draw"),  # Hangul filler
        (LIST_OF_30 + "\n\u2800", "holds U+2800, which phones cannot draw"),  # braille blank
        (LIST_OF_30 + "\n\u0642\u0637\u0629", "holds U+0642, which phones cannot draw"),
        (LIST_OF_30 + "\n\u9f8d", "holds U+9F8D, which phones cannot draw"),
        (LIST_OF_30 + "\nheart\ufe0f", "holds U+FE0F, which phones cannot draw"),
    ],
)
def test_a_bad_custom_list_is_refused_in_one_line_naming_the_word(text: str, refusal: str) -> None:
    with pytest.raises(WordListError) as refused:
        read_word_list(text)
    assert refusal in str(refused.value)
    assert "\n" not in str(refused.value)


def test_custom_words_are_dealt_from_the_players_list() -> None:
    words = read_word_list(LIST_OF_30)
    dealt = custom_words(words, 9)
    assert set(dealt.words) <= set(words) and dealt.key == WordsKey(CUSTOM_LIST, 9)
    assert dealt_words(words, 9) == dealt
    assert dealt_words(1, 0).words == tuple(GOLDEN[(1, 0)].split())


def test_words_that_are_not_the_lists_deal_are_refused() -> None:
    words = shipped_words(WordsKey(0, 0)).words
    with pytest.raises(WordListError, match="not the ones list en-1 deals"):
        CardWords(WordsKey(0, 0), words[::-1])


def test_side_b_sees_the_words_turned_round() -> None:
    words = shipped_words(WordsKey(0, 0))
    assert words.seen_by(seat_is_a=False) == words.words[::-1]
    assert words.seen_by(seat_is_a=True) == words.words


def _played() -> GameLog:
    """A short game with words: a clue, an agent, a bystander, an invalid clue, a stop."""
    log = GameLog.dealt(Deal(2024, words=WordsKey(1, 3)))
    state = replay(log)
    greens_b = [cell for cell in range(25) if log.card.b[cell] == "G"]
    tan_b = next(cell for cell in range(25) if log.card.b[cell] == "-" and cell not in greens_b)
    for action in (
        Clue(Player.B, "forêt", 2),
        Guess(Player.A, greens_b[0]),
        Guess(Player.A, tan_b),
        Clue(Player.A, "mer", 1),
        Penalty(Player.B),
    ):
        log = log.then(action)
    state = replay(log)
    assert not state.is_over
    return log


def test_a_log_with_words_is_written_as_version_2_and_read_back_whole() -> None:
    log = _played()
    data = json.loads(log.to_json())
    assert data["format"] == "gadget-game/2"
    assert data["words"]["list"] == "fr-1" and data["words"]["seed"] == 3
    assert data["words"]["cells"] == list(log.words.words) if log.words else False
    assert parse_game_log(log.to_json()) == log


def test_a_log_without_words_is_still_version_1() -> None:
    log = GameLog.dealt(Deal(2024)).then(Clue(Player.A, "salad", 3))
    assert json.loads(log.to_json())["format"] == "gadget-game/1"
    assert parse_game_log(log.to_json()) == log


def test_a_version_1_log_may_not_carry_words_and_edited_words_are_refused() -> None:
    data = json.loads(_played().to_json())
    data["format"] = "gadget-game/1"
    with pytest.raises(GameLogError, match="unknown field “words”"):
        parse_game_log(json.dumps(data))
    data = json.loads(_played().to_json())
    data["words"]["cells"][0] = "tricherie"
    with pytest.raises(GameLogError, match="not the ones list fr-1 deals"):
        parse_game_log(json.dumps(data))
    data = json.loads(_played().to_json())
    data["words"]["seed"] = 4
    with pytest.raises(GameLogError):
        parse_game_log(json.dumps(data))


@pytest.mark.parametrize(
    ("field", "value", "refusal"),
    [
        ("cells", "toy desert ice", "words.cells must be a list of 25 words"),
        ("cells", [1, 2, 3], "words.cells must be a list of 25 words"),
        ("seed", "3", "words.seed must be a whole number, not “3”"),
        ("seed", True, "words.seed must be a whole number, not true"),
        ("list", 1, 'words.list must name a list, such as "en-1", or be "custom"'),
        ("list", "en-9", "“en-9” is not a word list this Gadget knows"),
        ("list", "abc", "“abc” is not a word list this Gadget knows"),  # sorts before custom
    ],
)
def test_a_logs_words_field_of_the_wrong_kind_is_refused_naming_it(
    field: str, value: object, refusal: str
) -> None:
    data = json.loads(_played().to_json())
    data["words"][field] = value
    with pytest.raises(GameLogError) as refused:
        parse_game_log(json.dumps(data))
    assert refusal in str(refused.value), str(refused.value)


def test_a_log_whose_words_are_another_seeds_than_its_code_names_is_refused() -> None:
    data = json.loads(_played().to_json())
    other = shipped_words(WordsKey(1, 4))
    data["words"] = {"list": "fr-1", "seed": 4, "cells": list(other.words)}
    with pytest.raises(GameLogError, match=r"words are not the ones code .* names"):
        parse_game_log(json.dumps(data))


def test_a_log_may_carry_words_without_a_code_and_a_code_must_name_its_words() -> None:
    log = _played()
    data = json.loads(log.to_json())
    del data["code"]
    read = parse_game_log(json.dumps(data))
    assert read.words == log.words and read.code is None
    other = shipped_words(WordsKey(1, 4))
    with pytest.raises(GameLogError, match="the words are not the ones code"):
        GameLog(log.card, log.setup, log.actions, log.code, other)


def test_a_languages_newest_list_deals_its_own_words_by_the_number_a_code_carries() -> None:
    for language, golden in (("en", GOLDEN[(0, 0)]), ("fr", GOLDEN[(1, 0)])):
        number = newest_list(language).number
        assert shipped_words(WordsKey(number, 0)).words == tuple(golden.split())


@pytest.mark.parametrize(
    ("cell", "refusal"),
    [
        ("", "word 3 of the log is empty"),
        ("\u202eevil", "holds a character that does not print (U+202E)"),
        ("x" * 41, "has 41 characters; a word has at most 40"),
        ("two\nlines", "word 3 of the log, “two\\nlines”, is not written as a list gives it"),
        ("word1", "“word1” is in the list twice"),
        ("\U0001f431", "which phones cannot draw"),
        ("spaced ", "word 3 of the log, “spaced ”, is not written as a list gives it"),
        (" spaced", "word 3 of the log, “ spaced”, is not written as a list gives it"),
        ("word\u0591", "which phones cannot draw"),  # an accent none of the alphabets takes
        ("two\u2003words", "which phones cannot draw"),  # a space, but not the one drawn
        ("left\u2190", "which phones cannot draw"),  # the first of the pictographs: arrows
    ],
)
def test_a_logs_own_words_are_checked_as_a_lists_are(cell: str, refusal: str) -> None:
    """The outsider's hostile log: its custom words (a bidi override, an empty word, a
    duplicate, a 5,000-character word) were taken into history and its story unchecked."""
    dealt = custom_words(read_word_list(LIST_OF_30), 5)
    log = GameLog.dealt(Deal(2024, words=dealt.key), custom=dealt)
    data = json.loads(log.to_json())
    assert data["words"]["list"] == "custom"
    assert parse_game_log(log.to_json()) == log  # as dealt, it reads back
    data["words"]["cells"][1] = "word1"
    data["words"]["cells"][0] = "word1" if cell == "word1" else "fine"
    data["words"]["cells"][2] = cell if cell != "word1" else "other"
    with pytest.raises(GameLogError) as refused:
        parse_game_log(json.dumps(data))
    assert refusal in str(refused.value), str(refused.value)


def test_the_story_tells_each_clue_and_its_touches_with_both_sides() -> None:
    log = _played()
    words = log.words.words if log.words else ()
    turns = story(log)
    assert [turn.clue.word if turn.clue else None for turn in turns] == ["forêt", "mer"]
    first = turns[0]
    assert [touch.word for touch in first.touches] == [
        words[action.cell] for action in log.actions[1:3] if isinstance(action, Guess)
    ]
    assert first.touches[0].judged == "G" and first.touches[1].judged == "-"
    assert all(touch.by is Player.A for touch in first.touches)
    assert turns[1].penalised and not turns[1].touches


def test_the_touches_of_sudden_death_make_a_turn_of_their_own() -> None:
    a, b = Player.A, Player.B
    log = GameLog(TEST_CARD, Setup(1, 1), (Clue(a, "tree", 1), Guess(b, 0), Stop(b), Guess(a, 12)))
    turns = story(log)
    assert [turn.clue.word if turn.clue else None for turn in turns] == ["tree", None]
    assert [len(turn.touches) for turn in turns] == [1, 1] and turns[0].stopped
    assert not turns[0].penalised and not turns[1].penalised and not turns[1].stopped


def test_playing_apart_the_guessers_phone_records_its_own_touches() -> None:
    assert recorder(Guess(Player.A, 3)) is Player.B  # at one table: the clue giver's phone
    assert recorder(Guess(Player.A, 3), apart=True) is Player.A
    assert recorder(Stop(Player.B), apart=True) is Player.B
    assert recorder(Penalty(Player.B), apart=True) is Player.B


def test_the_guessers_view_lists_what_it_may_touch_without_the_partners_colours() -> None:
    log = GameLog.dealt(Deal(2024, words=WordsKey(0, 1))).then(Clue(Player.B, "sea", 2))
    state = replay(log)
    guesser, giver = view_for(state, Player.A), view_for(state, Player.B)
    assert guesser.mine_to_touch == frozenset(range(25)) and guesser.partner_side is None
    assert not giver.mine_to_touch and not guesser.i_may_stop
    green_b = next(cell for cell in range(25) if log.card.b[cell] == "G")
    after = view_for(replay(log.then(Guess(Player.A, green_b))), Player.A)
    assert green_b not in after.mine_to_touch and after.i_may_stop


def test_the_command_line_shows_side_b_with_the_words_its_code_names(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "keycard", "543QT-T54S0-002DY")
    words = shipped_words(WordsKey(0, 77)).seen_by(seat_is_a=False)
    side = ShareCode.parse("543QT-T54S0-002DY").seen_from_b()
    assert status == 0
    assert out.split() == [part for cell in range(25) for part in (side[cell], words[cell].upper())]
    status, out, _ = run(capsys, "keycard", "--json", "543QT-T54S0-002DY")
    assert json.loads(out)["words"] == list(words)


CUSTOM_KEY = WordsKey(CUSTOM_LIST, 5)


def test_a_words_key_and_the_words_of_a_card_are_checked_when_made() -> None:
    from gadget.engine.words import WORD_SEED_BITS  # noqa: PLC0415

    assert WordsKey(0, 2**WORD_SEED_BITS - 1).seed == 2**WORD_SEED_BITS - 1
    for seed in (2**WORD_SEED_BITS, 2**WORD_SEED_BITS + 1, -1):
        with pytest.raises(WordListError, match=f"word seed {seed} is outside"):
            WordsKey(0, seed)
    dealt = shipped_words(WordsKey(1, 3))
    assert dealt.language == "fr"
    assert custom_words(read_word_list(LIST_OF_30), 5).language is None
    with pytest.raises(WordListError, match="a card has 25 words, not 26"):
        CardWords(CUSTOM_KEY, (*dealt.words, "extra"))
    with pytest.raises(WordListError, match="a card has 25 words, not 24"):
        CardWords(CUSTOM_KEY, dealt.words[:-1])


def test_the_first_and_last_combining_accents_the_alphabets_take_are_drawn() -> None:
    for accent in ("\u0300", "\u036f"):  # on a q, which no letter with the accent composes
        assert read_word_list(f"q{accent}\n" + LIST_OF_30)[0] == f"q{accent}"


def test_a_log_may_leave_out_the_words_its_code_deals_from_a_shipped_list() -> None:
    log = _played()
    data = json.loads(log.to_json())
    del data["words"]
    assert parse_game_log(json.dumps(data)).words == log.words


def test_a_code_with_custom_words_is_the_same_for_ever_and_a_newer_list_is_named() -> None:
    # A golden vector: the custom list is number 31 in every code ever shared.
    assert Deal(2024, words=WordsKey(CUSTOM_LIST, 5)).code.text == "543QT-T54SZ-0005S"
    with pytest.raises(WordListError, match="word list 40 comes from a newer Gadget"):
        WordsKey(40, 0)


def test_a_list_of_the_most_words_allowed_is_read() -> None:
    assert len(read_word_list("\n".join(f"w{n}" for n in range(2000)))) == 2000


def test_words_dealt_before_runs_of_spaces_made_twins_still_read() -> None:
    """A game saved with both "ice cream" and "ice  cream" on its card stays readable."""
    dealt = [f"w{n}" for n in range(23)] + ["ice cream", "ice  cream"]
    check_listed(dealt, Message("of the log"))  # raised before: a word twice
