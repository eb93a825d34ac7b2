"""JSON text read for a player: any problem becomes one line saying where it is."""

import json


def read_json(text: str, error: type[ValueError]) -> object:
    """Decoded JSON, or the given error naming the line and column of the first mistake.

    Nesting past Python's recursion limit (100,000 `[`, say) is refused the same way: the
    parser stops at once with RecursionError, which is no ValueError and must not escape.
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as broken:
        raise error(
            f"not valid JSON at line {broken.lineno} column {broken.colno}: {broken.msg}"
        ) from None
    except RecursionError:
        raise error("not a file this app reads: its brackets nest too deeply") from None
