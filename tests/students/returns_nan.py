"""Alpha-beta that turns a leaf of value 5 into NaN (0 * inf): every tree with such a leaf fails."""

import math


def alphabeta(node, alpha, beta, maximizing):
    if node.is_leaf():
        return node.value if node.value != 5 else 0 * math.inf
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
