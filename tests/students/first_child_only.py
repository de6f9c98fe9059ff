"""Returns inside the loop on every child, not only at a cut-off: each node looks at its first child only."""

import math


def alphabeta(node, alpha, beta, maximizing):
    if node.is_leaf():
        return node.value
    best = -math.inf if maximizing else math.inf
    for child in node.children:
        value = alphabeta(child, alpha, beta, not maximizing)
        best = max(best, value) if maximizing else min(best, value)
        return best  # meant: only when alpha >= beta
    return best
