"""Words about numbers, written once: "1 token", "3 tokens"."""


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """The number and the noun, plural unless there is exactly one."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"
