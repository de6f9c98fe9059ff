"""A path with no return: MIN's branch falls off the end of the function after its loop."""

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
        value = alphabeta(child, alpha, beta, True)
        best = min(best, value if value is not None else math.inf)
        if best <= alpha:
            return best
        beta = min(beta, best)
