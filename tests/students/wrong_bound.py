"""MIN raises alpha instead of lowering beta (the two bounds mixed up in the MIN branch)."""

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
        alpha = max(alpha, best)  # meant beta = min(beta, best)
    return best
