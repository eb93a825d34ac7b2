"""JSON text read for a player: a syntax error becomes one line saying where it is."""

import json


def read_json(text: str, error: type[ValueError]) -> object:
    """Decoded JSON, or the given error naming the line and column of the first mistake."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as broken:
        raise error(
            f"not valid JSON at line {broken.lineno} column {broken.colno}: {broken.msg}"
        ) from None
