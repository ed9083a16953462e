"""The two ways the engine says no: a move the rules forbid, and a move after the game has ended."""


class Impossible(Exception):
    """An action the rules do not allow; the message is for the player."""


class GameOver(Exception):
    """Raised by actions submitted after the game has ended."""


def allowed(s, rule) -> bool:
    """Does this action or purchase pass its own check() on the game as it is now?"""
    try:
        rule.check(s)
    except Impossible:
        return False
    return True
