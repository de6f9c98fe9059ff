"""A student's alpha-beta with one slip: it cuts only when alpha > beta.

The course cuts on equality too (alpha >= beta), so this code searches
some nodes that alpha-beta prunes.
"""

import math


def alphabeta(node, alpha, beta, maximizing):
    if node.is_leaf():
        return node.value
    if maximizing:
        value = -math.inf
        for child in node.children:
            value = max(value, alphabeta(child, alpha, beta, False))
            alpha = max(alpha, value)
            if alpha > beta:
                break
        return value
    value = math.inf
    for child in node.children:
        value = min(value, alphabeta(child, alpha, beta, True))
        beta = min(beta, value)
        if alpha > beta:
            break
    return value
