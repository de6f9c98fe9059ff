"""MIN sets beta from alpha: `beta = min(alpha, best)`, a slip of the bound's name."""

import math


def alphabeta(node, alpha, beta, maximizing):
    if node.is_leaf():
        return node.value
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
        beta = min(alpha, best)  # meant min(beta, best)
    return best
