"""Correct fail-soft alpha-beta whose values are other kinds of real number: numpy scalars, Fraction, Decimal.

`KIND` picks which (the test writes a copy with each); each is a value like any int or float.
"""

import math
from decimal import Decimal
from fractions import Fraction

import numpy as np

KIND = "numpy"
MAKE = {"numpy": np.int64, "numpy-float": np.float64, "fraction": Fraction, "decimal": Decimal}[KIND]


def alphabeta(node, alpha, beta, maximizing):
    if node.is_leaf():
        return MAKE(node.value)
    if maximizing:
        best = -math.inf
        for child in node.children:
            best = max(best, alphabeta(child, alpha, beta, False))
            if best >= beta:
                return best
            alpha = max(alpha, best)
        return best
    best = math.inf
    for child in node.children:
        best = min(best, alphabeta(child, alpha, beta, True))
        if best <= alpha:
            return best
        beta = min(beta, best)
    return best
