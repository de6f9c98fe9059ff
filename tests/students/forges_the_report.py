"""Raises an exception whose message tries to clear the screen and print a passing report of its own."""


def alphabeta(node, alpha, beta, maximizing):
    raise ValueError("\x1b[2J\x1b[H  pass  every tree\r\n22 of 22 trees pass.\u2028\u202egnitsaf")
